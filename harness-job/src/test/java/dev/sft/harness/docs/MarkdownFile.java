package dev.sft.harness.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One markdown file of the checkout, read as GitHub renders it for what the doc tests check: its prose lines (outside
 * fenced code blocks), its links, its fenced code blocks with the marker line before each, and its word count.
 */
record MarkdownFile(Path root, Path path, List<String> lines) {
  /** A line of prose and its 1-based number. */
  record Line(int number, String text) {}

  /** A link target as written, and where. */
  record Link(int line, String target) {}

  /** A fenced code block: its info string ({@code bash}, {@code yaml}, ...), the line before its fence, its body. */
  record CodeBlock(int line, String info, String lineBefore, List<String> body) {}

  private static final Pattern LINK = Pattern.compile("(?<!!)\\[(?:[^\\[\\]]|\\[[^\\]]*])*]\\(([^)\\s]+)\\)");
  private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");

  static MarkdownFile read(Path root, Path path) {
    try {
      return new MarkdownFile(root, path, Files.readAllLines(path));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String relative() {
    return root.relativize(path).toString();
  }

  List<Line> prose() {
    List<Line> prose = new ArrayList<>();
    boolean fenced = false;
    for (int i = 0; i < lines.size(); i++) {
      if (isFence(lines.get(i))) {
        fenced = !fenced;
      } else if (!fenced) {
        prose.add(new Line(i + 1, lines.get(i)));
      }
    }
    return prose;
  }

  List<Link> links() {
    List<Link> links = new ArrayList<>();
    for (Line line : prose()) {
      // a link shown as code (`[x](y)`) is not a link
      Matcher link = LINK.matcher(INLINE_CODE.matcher(line.text()).replaceAll(""));
      while (link.find()) {
        links.add(new Link(line.number(), link.group(1)));
      }
    }
    return links;
  }

  List<CodeBlock> codeBlocks() {
    List<CodeBlock> blocks = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (!isFence(lines.get(i))) {
        continue;
      }
      int start = i;
      List<String> body = new ArrayList<>();
      for (i++; i < lines.size() && !isFence(lines.get(i)); i++) {
        body.add(lines.get(i));
      }
      String before = start > 0 ? lines.get(start - 1).strip() : "";
      blocks.add(new CodeBlock(start + 1, lines.get(start).strip().substring(3).strip(), before, body));
    }
    return blocks;
  }

  /** Words as {@code wc -w} counts them: runs of non-whitespace. */
  long words() {
    return lines.stream().flatMap(line -> Pattern.compile("\\S+").matcher(line).results()).count();
  }

  private static boolean isFence(String line) {
    return line.strip().startsWith("```");
  }
}
