package dev.sft.harness.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The docs stay readable: a map that sends each goal to an existing page, and no page too long to read. */
class DocsSizeAndMapTest {
  static final long MAX_WORDS = 6_000;
  static final long README_MAX_WORDS = 1_500;

  /** Each reader's goal, as docs/README.md words it, and the one page that answers it. */
  static final Map<String, String> GOALS = new LinkedHashMap<>();

  static {
    GOALS.put("run locally", "local.md");
    GOALS.put("test my own build", "own-build.md");
    GOALS.put("Kubernetes in fifteen minutes", "quick-start.md");
    GOALS.put("run nightly with GitOps", "gitops.md");
    GOALS.put("read a failure", "reading-a-result.md");
    GOALS.put("operate", "operations.md");
    GOALS.put("contribute", "contributing/README.md");
  }

  @Test
  void theMapLinksEachGoalToItsPageAndThePageExists() {
    MarkdownFile map = MarkdownFile.read(Checkout.root(), Checkout.root().resolve("docs/README.md"));
    for (Map.Entry<String, String> goal : GOALS.entrySet()) {
      String row = map.lines().stream().filter(line -> line.startsWith("| " + goal.getKey() + " |")).findFirst()
          .orElse(null);
      assertThat(row).as("docs/README.md has a row for the goal \"" + goal.getKey() + "\"").isNotNull();
      assertThat(row).as("the goal \"" + goal.getKey() + "\" links its page").contains("](" + goal.getValue() + ")");
      assertThat(Files.isRegularFile(Checkout.root().resolve("docs").resolve(goal.getValue())))
          .as("docs/" + goal.getValue()).isTrue();
    }
  }

  @Test
  void noMarkdownFileIsOverSixThousandWordsAndTheReadmeIsALandingPage() {
    List<MarkdownFile> files = Checkout.markdownFiles();
    assertThat(files).hasSizeGreaterThan(20);
    assertThat(files).filteredOn(file -> file.words() > MAX_WORDS)
        .extracting(file -> file.relative() + ": " + file.words() + " words").isEmpty();
    MarkdownFile readme = files.stream().filter(file -> file.relative().equals("README.md")).findFirst().orElseThrow();
    assertThat(readme.words()).as("README.md's words").isLessThanOrEqualTo(README_MAX_WORDS);
  }

  @Test
  void wordsAreCountedAsWcCountsThem() {
    MarkdownFile file = new MarkdownFile(Checkout.root(), Checkout.root().resolve("x.md"),
        List.of("# Two words", "", "  three  more\twords ", "| a | b |"));
    assertThat(file.words()).isEqualTo(3 + 3 + 5);
  }
}
