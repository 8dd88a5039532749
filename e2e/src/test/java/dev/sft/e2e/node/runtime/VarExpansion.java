package dev.sft.e2e.node.runtime;

import java.util.function.Function;

/**
 * Kubernetes' {@code $(VAR)} expansion in env values, command and args: {@code $(NAME)} becomes the variable's value
 * when it is defined and stays as written when it is not; {@code $$} is an escaped {@code $}; any other {@code $}
 * is kept. (As in Kubernetes' third_party/forked/golang/expansion.)
 */
public final class VarExpansion {
  private VarExpansion() {}

  /** @param lookup the variable's value, or null when it is not defined */
  public static String expand(String input, Function<String, String> lookup) {
    if (input == null || input.indexOf('$') < 0) {
      return input;
    }
    StringBuilder out = new StringBuilder(input.length());
    int i = 0;
    while (i < input.length()) {
      char c = input.charAt(i);
      if (c != '$' || i + 1 >= input.length()) {
        out.append(c);
        i++;
        continue;
      }
      char next = input.charAt(i + 1);
      if (next == '$') {
        out.append('$');
        i += 2;
      } else if (next == '(') {
        int close = input.indexOf(')', i + 2);
        if (close < 0) {
          // Unterminated reference: "$(" is kept and scanning goes on after it.
          out.append("$(");
          i += 2;
          continue;
        }
        String name = input.substring(i + 2, close);
        String value = name.isEmpty() ? null : lookup.apply(name);
        out.append(value != null ? value : input.substring(i, close + 1));
        i = close + 1;
      } else {
        out.append(c).append(next);
        i += 2;
      }
    }
    return out.toString();
  }
}
