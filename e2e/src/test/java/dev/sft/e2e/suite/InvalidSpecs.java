package dev.sft.e2e.suite;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.List;

/**
 * Tests the API server refuses at {@code kubectl apply}, each with the words of the CRD rule that refuses it: a name
 * the controller could not name its Services after (the CRD's CEL rule on metadata.name), a broken CEL rule, a
 * broken schema bound, and a field the schema does not declare (kubectl's default {@code fieldValidation=Strict}).
 * The same words come from a real API server and from the stand-in, so the suite checks both.
 */
public final class InvalidSpecs {

  private static final Duration BOUND = Duration.ofSeconds(60);

  /**
   * One refused test: what is wrong, the object, and the parts of kubectl's error that must appear (the rule's own
   * message and where it applies; how a value is quoted between them varies across Kubernetes versions).
   */
  public record Case(String what, ObjectNode test, List<String> expected) {
    public String name() {
      return test.path("metadata").path("name").asText();
    }
  }

  private InvalidSpecs() {
  }

  /** The refused variants of {@code valid} (a test such as examples/minimal.yaml). */
  public static List<Case> from(ObjectNode valid) {
    ObjectNode badName = named(valid, "1-nightly");

    ObjectNode bothClaims = named(valid, "refused-cel");
    ((ObjectNode) bothClaims.path("spec").path("storage")).put("existingClaim", "shared");

    ObjectNode noRepeat = named(valid, "refused-schema");
    ((ObjectNode) noRepeat.path("spec")).put("repeat", 0);

    ObjectNode unknownField = named(valid, "refused-unknown");
    ((ObjectNode) unknownField.path("spec")).put("repeats", 2);

    return List.of(
        new Case("a name that is no DNS-1035 label", badName, List.of(
            "The SchedulerFailureTest \"1-nightly\" is invalid: <nil>: Invalid value: ",
            "metadata.name must be a lower-case DNS-1035 label")),
        new Case("both existingClaim and claimTemplate", bothClaims, List.of(
            "The SchedulerFailureTest \"refused-cel\" is invalid: spec.storage: Invalid value: ",
            "exactly one of existingClaim or claimTemplate must be set")),
        new Case("repeat below its minimum", noRepeat, List.of(
            "The SchedulerFailureTest \"refused-schema\" is invalid: spec.repeat: Invalid value: 0: spec.repeat in "
                + "body should be greater than or equal to 1")),
        new Case("a field the schema does not declare", unknownField, List.of(
            "strict decoding error: unknown field \"spec.repeats\"")));
  }

  /** kubectl apply's result for {@code refused}: a failure that quotes the rule's own words. */
  public static void assertRefused(Case refused, int exitCode, String output) {
    assertThat(exitCode).as("kubectl apply of a test with %s must fail; it printed: %s", refused.what(), output)
        .isNotZero();
    assertThat(output).as("kubectl apply of a test with %s", refused.what()).contains(refused.expected());
  }

  /** Applies each refused variant of {@code valid} into {@code namespace}; none may be refused otherwise or stored. */
  public static void assertEachRefused(Kubectl kubectl, String namespace, ObjectNode valid) {
    for (Case refused : from(valid)) {
      Command.Result result = kubectl.run(BOUND, refused.test().toPrettyString(), "apply", "-n", namespace, "-f",
          "-");
      assertRefused(refused, result.exitCode(), result.stdout() + result.stderr());
      Command.Result get = kubectl.run(BOUND, null, "get", "-n", namespace, "schedulerfailuretests.sft.dev",
          refused.name(), "-o", "name");
      assertThat(get.exitCode()).as("%s was stored: %s", refused.name(), get.describe()).isNotZero();
      assertThat(get.stderr()).as(get.describe()).contains("NotFound");
    }
  }

  private static ObjectNode named(ObjectNode valid, String name) {
    ObjectNode copy = valid.deepCopy();
    ((ObjectNode) copy.path("metadata")).put("name", name);
    return copy;
  }
}
