package dev.sft.controller.support;

import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The metric names a PromQL expression reads, without a PromQL parser: what is left of the expression once strings,
 * label matchers, ranges and grouping clauses are removed is functions (an identifier before "("), keywords,
 * numbers and metric names. Enough for the dashboard's and the alert rules' queries, which
 * {@code PromqlNamesTest} pins down.
 */
public final class PromqlNames {
  private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'");
  private static final Pattern MATCHERS = Pattern.compile("\\{[^}]*}");
  private static final Pattern RANGE = Pattern.compile("\\[[^\\]]*]");
  private static final Pattern GROUPING = Pattern.compile(
      "\\b(?:by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)");
  /** An identifier not part of a number (1e3), a Grafana variable ($test) or a longer name. */
  private static final Pattern IDENTIFIER = Pattern.compile("(?<![\\w$.:])[a-zA-Z_:][a-zA-Z0-9_:]*");
  private static final Set<String> KEYWORDS = Set.of("and", "or", "unless", "bool", "offset", "by", "without", "on",
      "ignoring", "group_left", "group_right", "inf", "nan", "atan2");
  /** Grafana's label_values(METRIC_OR_SELECTOR, LABEL) variable query. */
  private static final Pattern LABEL_VALUES = Pattern.compile("^\\s*label_values\\((.*),\\s*[a-zA-Z_]\\w*\\s*\\)\\s*$",
      Pattern.DOTALL);

  private PromqlNames() {}

  /** The metric names {@code expr} reads. */
  public static Set<String> in(String expr) {
    String rest = STRING.matcher(expr).replaceAll("\"\"");
    rest = MATCHERS.matcher(rest).replaceAll(" ");
    rest = RANGE.matcher(rest).replaceAll(" ");
    rest = GROUPING.matcher(rest).replaceAll(" ");
    Set<String> names = new TreeSet<>();
    Matcher identifier = IDENTIFIER.matcher(rest);
    while (identifier.find()) {
      String name = identifier.group();
      boolean function = rest.substring(identifier.end()).stripLeading().startsWith("(");
      if (!function && !KEYWORDS.contains(name.toLowerCase())) {
        names.add(name);
      }
    }
    return names;
  }

  /** The metric names of a Grafana variable query: label_values(SELECTOR, LABEL) reads SELECTOR's. */
  public static Set<String> inVariableQuery(String query) {
    Matcher labelValues = LABEL_VALUES.matcher(query);
    return in(labelValues.matches() ? labelValues.group(1) : query);
  }
}
