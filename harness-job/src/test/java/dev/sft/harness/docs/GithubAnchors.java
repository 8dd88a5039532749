package dev.sft.harness.docs;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The anchors GitHub gives a markdown file's headings: the heading's text as rendered (link targets and backticks
 * dropped), lower-cased, every character but letters, digits, marks, spaces, hyphens and underscores removed, spaces
 * as hyphens; a repeated slug gets {@code -1}, {@code -2}, ... in order. Explicit {@code <a name>}/{@code id} anchors
 * count too.
 */
final class GithubAnchors {
  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern INLINE_LINK = Pattern.compile("\\[([^\\]]*)]\\([^)]*\\)");
  private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:name|id)=\"([^\"]+)\"");

  private GithubAnchors() {}

  static Set<String> of(MarkdownFile file) {
    Set<String> anchors = new LinkedHashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    for (MarkdownFile.Line line : file.prose()) {
      Matcher heading = HEADING.matcher(line.text());
      if (heading.matches()) {
        String slug = slug(heading.group(1));
        int count = seen.merge(slug, 1, Integer::sum);
        anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
      }
      Matcher html = HTML_ANCHOR.matcher(line.text());
      while (html.find()) {
        anchors.add(html.group(1));
      }
    }
    return anchors;
  }

  static String slug(String headingText) {
    String text = INLINE_LINK.matcher(headingText).replaceAll("$1").replace("`", "").strip().toLowerCase();
    StringBuilder slug = new StringBuilder();
    text.codePoints().forEach(c -> {
      if (c == ' ') {
        slug.append('-');
      } else if (c == '-' || c == '_' || Character.isLetterOrDigit(c)
          || Character.getType(c) == Character.NON_SPACING_MARK) {
        slug.appendCodePoint(c);
      }
    });
    return slug.toString();
  }
}
