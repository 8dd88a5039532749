package dev.sft.controller.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The verbs the Helm chart grants the controller on a resource, read from the chart's templates (the controller's
 * rules in {@code _helpers.tpl}, the Lease Role in {@code rbac.yaml}), so a test can hold what the controller asks of
 * the API server against what an install allows: a verb the controller uses and the chart lacks is a 403 on a real
 * cluster, which the mock server would never show.
 */
public final class ChartRbacRules {
  private static final Path TEMPLATES = Path.of("..", "charts", "sft-operator", "templates");
  /** One rule in flow style: its resources, optional comments or resourceNames, its verbs. */
  private static final Pattern RULE = Pattern.compile(
      "resources: \\[([^\\]]*)\\]\\s*\\n(?:\\s*(?:#.*|resourceNames:.*)\\n)*\\s*verbs: \\[([^\\]]*)\\]");

  private ChartRbacRules() {}

  /** Every verb any of the chart's rules grants on {@code resource} (a plural, e.g. {@code events}). */
  public static Set<String> verbsOn(String resource) {
    Set<String> verbs = new TreeSet<>();
    for (String template : new String[] {"_helpers.tpl", "rbac.yaml"}) {
      Matcher rule = RULE.matcher(read(TEMPLATES.resolve(template)));
      while (rule.find()) {
        if (words(rule.group(1)).contains(resource)) {
          verbs.addAll(words(rule.group(2)));
        }
      }
    }
    return verbs;
  }

  private static Set<String> words(String list) {
    return Arrays.stream(list.split(",")).map(String::trim).filter(w -> !w.isEmpty()).collect(Collectors.toSet());
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException("the chart's template " + file.toAbsolutePath() + " is not readable", e);
    }
  }
}
