package dev.sft.controller.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.controller.crd.CommittedCrd;
import dev.sft.controller.validate.SpecValidator;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every YAML block the docs mark runnable ({@code <!-- runnable -->} on the line before the fence) fits the committed
 * CRD: a whole {@code SchedulerFailureTest} fits its schema and passes the controller's validation; a fragment that
 * starts at {@code spec:} fits the spec's schema, field by field. (The sft commands of such blocks are parsed by
 * harness-job's {@code RunnableCommandsTest}.)
 */
class DocumentedResourcesTest {
  static final Path ROOT = Path.of("..");
  static final String MARKER = "<!-- runnable -->";
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  record Block(String where, String yaml) {}

  @Test
  void everyRunnableYamlBlockFitsTheCrd() throws IOException {
    List<Block> blocks = runnableYamlBlocks();
    assertThat(blocks).as("runnable YAML blocks in README.md and docs/").hasSizeGreaterThanOrEqualTo(3);
    List<String> problems = new ArrayList<>();
    for (Block block : blocks) {
      for (JsonNode document : YAML.readValues(YAML.createParser(block.yaml()), JsonNode.class).readAll()) {
        problems.addAll(misfits(block.where(), document));
      }
    }
    assertThat(problems).as("runnable YAML that the CRD would refuse or prune").isEmpty();
  }

  @Test
  void aMisspelledOrMistypedFieldDoesNotFit() throws IOException {
    JsonNode fragment = YAML.readTree("spec:\n  repeats: 3\n  storage:\n    claimTemplate:\n      accessModes: [ReadWriteSometimes]\n");
    assertThat(misfits("x", fragment)).hasSize(2)
        .anySatisfy(problem -> assertThat(problem).contains(".repeats: no such field"))
        .anySatisfy(problem -> assertThat(problem).contains("accessModes"));
  }

  static List<String> misfits(String where, JsonNode document) {
    List<String> problems = new ArrayList<>();
    if ("SchedulerFailureTest".equals(document.path("kind").asText())) {
      CommittedCrd.violations(document.path("spec"), CommittedCrd.schema("spec"))
          .forEach(problem -> problems.add(where + ": spec" + problem));
      SchemaFit.misfits(document.path("spec"), CommittedCrd.schema("spec"))
          .forEach(problem -> problems.add(where + ": spec" + problem));
      SchedulerFailureTest test = SERIALIZATION.convertValue(document, SchedulerFailureTest.class);
      SpecValidator.validate(test).forEach(problem -> problems.add(where + ": " + problem));
    } else if (document.has("spec") && document.size() == 1) {
      SchemaFit.misfits(document.path("spec"), CommittedCrd.schema("spec"))
          .forEach(problem -> problems.add(where + ": spec" + problem));
    } else {
      problems.add(where + ": a runnable YAML block is a SchedulerFailureTest or starts at spec:");
    }
    return problems;
  }

  static List<Block> runnableYamlBlocks() throws IOException {
    List<Path> files = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
      docs.filter(path -> path.toString().endsWith(".md")).sorted().forEach(files::add);
    }
    List<Block> blocks = new ArrayList<>();
    for (Path file : files) {
      List<String> lines = Files.readAllLines(file);
      for (int i = 1; i < lines.size(); i++) {
        if (lines.get(i).strip().startsWith("```yaml") && lines.get(i - 1).strip().equals(MARKER)) {
          int start = i;
          StringBuilder yaml = new StringBuilder();
          for (i++; i < lines.size() && !lines.get(i).strip().startsWith("```"); i++) {
            yaml.append(lines.get(i)).append('\n');
          }
          blocks.add(new Block(ROOT.relativize(file) + ":" + (start + 1), yaml.toString()));
        }
      }
    }
    return blocks;
  }
}
