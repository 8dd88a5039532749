package dev.sft.harness.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every relative link of every markdown file names a file that exists, and every {@code #anchor} a heading in it. */
class DocLinksTest {

  @Test
  void everyRelativeLinkAndAnchorResolves() {
    List<MarkdownFile> files = Checkout.markdownFiles();
    assertThat(files).extracting(MarkdownFile::relative).contains("README.md", "docs/README.md");
    Map<Path, Set<String>> anchors = new HashMap<>();
    List<String> broken = new ArrayList<>();
    int checked = 0;
    for (MarkdownFile file : files) {
      for (MarkdownFile.Link link : file.links()) {
        if (link.target().matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
          continue; // https:, mailto: ...: not this checkout's
        }
        checked++;
        String where = file.relative() + ":" + link.line() + ": " + link.target();
        int hash = link.target().indexOf('#');
        String path = hash < 0 ? link.target() : link.target().substring(0, hash);
        Path target = path.isEmpty() ? file.path() : file.path().getParent().resolve(path).normalize();
        if (!Files.exists(target)) {
          broken.add(where + " (no such file)");
        } else if (hash >= 0 && target.toString().endsWith(".md")) {
          Set<String> known = anchors.computeIfAbsent(target,
              md -> GithubAnchors.of(MarkdownFile.read(file.root(), md)));
          if (!known.contains(link.target().substring(hash + 1))) {
            broken.add(where + " (no such heading)");
          }
        }
      }
    }
    assertThat(checked).as("relative links checked").isGreaterThan(100);
    assertThat(broken).as("links that do not resolve").isEmpty();
  }

  @Test
  void anchorsFollowGithubsSlugRules() {
    assertThat(GithubAnchors.slug("`sft k8s`: the status from the command line"))
        .isEqualTo("sft-k8s-the-status-from-the-command-line");
    assertThat(GithubAnchors.slug("A finding about the writer: an interrupted abort leaves the loser's files"))
        .isEqualTo("a-finding-about-the-writer-an-interrupted-abort-leaves-the-losers-files");
    assertThat(GithubAnchors.slug("No 127.0.0.2 (macOS, some containers)")).isEqualTo("no-127002-macos-some-containers");
    assertThat(GithubAnchors.slug("Stuck in `Provisioning`, or `ClusterNotReady`"))
        .isEqualTo("stuck-in-provisioning-or-clusternotready");
    assertThat(GithubAnchors.slug("See [the map](docs/README.md) first")).isEqualTo("see-the-map-first");
  }

  @Test
  void aRepeatedHeadingGetsANumberedAnchor() {
    MarkdownFile file = new MarkdownFile(Path.of("/"), Path.of("/x.md"),
        List.of("# Title", "## Example", "```", "## not a heading", "```", "## Example"));
    assertThat(GithubAnchors.of(file)).containsExactly("title", "example", "example-1");
  }
}
