package dev.sft.harness.docs;

import java.util.ArrayList;
import java.util.List;

/**
 * The commands of a shell snippet as words, the way a POSIX shell splits them for the cases the docs use: lines
 * joined at a trailing backslash, {@code #} comments dropped, single and double quotes, and {@code &&}, {@code ||},
 * {@code ;} and {@code |} between commands. No expansion: {@code $VAR} stays a word of its own.
 */
final class ShellWords {
  private ShellWords() {}

  static List<List<String>> commands(List<String> lines) {
    List<List<String>> commands = new ArrayList<>();
    List<String> command = new ArrayList<>();
    StringBuilder word = null;
    String text = String.join("\n", lines).replace("\\\n", " ");
    char quote = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          word.append(c);
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        word = word == null ? new StringBuilder() : word;
      } else if (c == '#' && word == null) {
        while (i + 1 < text.length() && text.charAt(i + 1) != '\n') {
          i++;
        }
      } else if (Character.isWhitespace(c) || c == ';' || c == '|' || c == '&') {
        if (word != null) {
          command.add(word.toString());
          word = null;
        }
        if (c == '\n' || c == ';' || c == '|' || c == '&') {
          if (!command.isEmpty()) {
            commands.add(command);
          }
          command = new ArrayList<>();
        }
      } else {
        word = word == null ? new StringBuilder() : word;
        word.append(c);
      }
    }
    if (word != null) {
      command.add(word.toString());
    }
    if (!command.isEmpty()) {
      commands.add(command);
    }
    return commands;
  }
}
