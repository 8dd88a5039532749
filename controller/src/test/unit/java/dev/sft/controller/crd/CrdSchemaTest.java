package dev.sft.controller.crd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.ScenarioName;
import dev.sft.api.SpecDefaults;
import dev.sft.api.StatusBounds;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What an API server enforces before the controller sees a resource: the committed CRD's schema rules. */
class CrdSchemaTest {
  static CustomResourceDefinition crd;
  static JSONSchemaProps spec;

  @BeforeAll
  static void read() throws Exception {
    crd = Serialization.unmarshal(Files.readString(CrdDriftTest.COMMITTED), CustomResourceDefinition.class);
    spec = crd.getSpec().getVersions().get(0).getSchema().getOpenAPIV3Schema().getProperties().get("spec");
  }

  @Test
  void namesScopeStatusAndPrinterColumns() {
    assertThat(crd.getSpec().getGroup()).isEqualTo("sft.dev");
    assertThat(crd.getSpec().getNames().getKind()).isEqualTo("SchedulerFailureTest");
    assertThat(crd.getSpec().getNames().getShortNames()).containsExactly("sft");
    assertThat(crd.getSpec().getScope()).isEqualTo("Namespaced");
    var version = crd.getSpec().getVersions().get(0);
    assertThat(version.getName()).isEqualTo("v1alpha1");
    assertThat(version.getSubresources().getStatus()).isNotNull();
    assertThat(version.getAdditionalPrinterColumns()).extracting(c -> c.getName() + "=" + c.getJsonPath())
        .containsExactlyInAnyOrder("Phase=.status.phase", "Passed=.status.summary", "Age=.metadata.creationTimestamp",
            "Last Result=.status.lastResult", "Next Run=.status.nextScheduleTime");
  }

  /** The schema's pattern lets through what the controller's parser reads, and refuses a wrong number of fields. */
  @Test
  void theSchedulePatternTakesFiveFieldsOrAMacro() {
    Pattern schedule = Pattern.compile(spec.getProperties().get("schedule").getPattern());
    for (String accepted : List.of("0 3 * * *", "*/15 9-17 * * MON-FRI", "0 0 1,15 jan,jul 0-6/2", "@daily",
        "@hourly")) {
      assertThat(schedule.matcher(accepted).matches()).as(accepted).isTrue();
      dev.sft.controller.schedule.CronSchedule.parse(accepted);
    }
    for (String refused : List.of("0 3 * *", "0 3 * * * *", "@reboot", "0 3 * * * ; rm", "")) {
      assertThat(schedule.matcher(refused).matches()).as(refused).isFalse();
    }
    assertThat(spec.getProperties().get("timeZone").getDefault().asText()).isEqualTo("UTC");
  }

  @Test
  void theScenarioRuleListsExactlyTheContractsScenarios() {
    JSONSchemaProps scenarios = spec.getProperties().get("scenarios");
    String rule = scenarios.getXKubernetesValidations().get(0).getRule();
    Matcher quoted = Pattern.compile("'([^']+)'").matcher(rule);
    var inRule = new java.util.ArrayList<String>();
    while (quoted.find()) {
      inRule.add(quoted.group(1));
    }
    // The control is spec.control, not a scenario to list.
    assertThat(inRule).containsExactlyElementsOf(ScenarioName.faultIds());
    assertThat(scenarios.getMaxItems()).isEqualTo(ScenarioName.faults().size());
    assertThat(scenarios.getMinItems()).isEqualTo(1);
    // Bounded items and list bound the CEL rules' estimated cost, which a real API server checks on the CRD.
    assertThat(scenarios.getItems().getSchema().getMaxLength())
        .isEqualTo(ScenarioName.faults().stream().mapToLong(n -> n.id().length()).max().orElseThrow());
  }

  @Test
  void thePinRuleListsExactlyTheContractsPins() {
    JSONSchemaProps pins = spec.getProperties().get("pin");
    Matcher quoted = Pattern.compile("'([^']+)'").matcher(pins.getXKubernetesValidations().get(0).getRule());
    var inRule = new java.util.ArrayList<String>();
    while (quoted.find()) {
      inRule.add(quoted.group(1));
    }
    assertThat(inRule).containsExactlyElementsOf(
        java.util.Arrays.stream(dev.sft.contract.Pin.values()).map(dev.sft.contract.Pin::id).toList());
    assertThat(pins.getMaxItems()).isEqualTo(dev.sft.contract.Pin.MAX_PINS);
    assertThat(pins.getItems().getSchema().getMaxLength()).isGreaterThanOrEqualTo(
        java.util.Arrays.stream(dev.sft.contract.Pin.values()).mapToLong(p -> p.id().length()).max().orElseThrow());
  }

  @Test
  void theOperationRuleListsExactlyTheContractsOperations() {
    JSONSchemaProps operations = spec.getProperties().get("operations");
    String rule = operations.getXKubernetesValidations().get(0).getRule();
    Matcher quoted = Pattern.compile("'([^']+)'").matcher(rule);
    var inRule = new java.util.ArrayList<String>();
    while (quoted.find()) {
      inRule.add(quoted.group(1));
    }
    assertThat(inRule).containsExactlyElementsOf(
        dev.sft.contract.WriteOperation.all().stream().map(dev.sft.contract.WriteOperation::id).toList());
    assertThat(operations.getMaxItems()).isEqualTo(dev.sft.contract.WriteOperation.all().size());
    assertThat(operations.getMinItems()).isEqualTo(1);
    assertThat(operations.getItems().getSchema().getMaxLength()).as("the longest id of the contract's operations")
        .isEqualTo(dev.sft.contract.WriteOperation.all().stream().mapToLong(o -> o.id().length()).max()
            .orElseThrow());
  }

  @Test
  void requiredFieldsMinimumsEnumsAndCelRules() {
    assertThat(spec.getRequired()).containsExactlyInAnyOrder("spark", "harness", "storage");
    JSONSchemaProps spark = spec.getProperties().get("spark");
    assertThat(spark.getRequired()).containsExactly("image");
    assertThat(spark.getProperties().get("workers").getMinimum()).isEqualTo(2.0);
    assertThat(spark.getProperties().get("workers").getDefault().asInt()).isEqualTo(2);
    assertThat(spark.getProperties().get("coresPerWorker").getMinimum()).isEqualTo(2.0);
    assertThat(spark.getProperties().get("memory").getPattern()).isNotBlank();
    JSONSchemaProps harness = spec.getProperties().get("harness");
    assertThat(harness.getProperties().get("writer").getEnum()).extracting(n -> n.asText())
        .containsExactlyInAnyOrder("iceberg", "comet-native");
    assertThat(harness.getProperties().get("timeoutSeconds").getDefault().asInt()).isEqualTo(180);
    assertThat(harness.getProperties().get("interruptOnCancel").getType()).isEqualTo("boolean");
    assertThat(harness.getProperties().get("interruptOnCancel").getDefault().asBoolean())
        .as("the schema's default is the contract's").isEqualTo(dev.sft.contract.DriverRun.DEFAULT_INTERRUPT_ON_CANCEL);
    assertThat(spec.getProperties().get("repeat").getMinimum()).isEqualTo(1.0);
    JSONSchemaProps storage = spec.getProperties().get("storage");
    assertThat(storage.getRequired()).containsExactly("mountPath");
    assertThat(storage.getXKubernetesValidations()).extracting(v -> v.getRule())
        .containsExactly("has(self.existingClaim) != has(self.claimTemplate)");
    JSONSchemaProps cleanup = spec.getProperties().get("cleanup");
    assertThat(cleanup.getProperties().get("onSuccess").getDefault().asText()).isEqualTo("DeleteCluster");
    assertThat(cleanup.getProperties().get("onFailure").getDefault().asText()).isEqualTo("Retain");
    assertThat(spec.getProperties().get("placement").getProperties().get("workerAntiAffinity").getEnum())
        .extracting(n -> n.asText()).containsExactlyInAnyOrder("None", "Preferred", "Required");
  }

  /** The API server refuses a name the controller could not name its children after (the e2e stand-in runs them). */
  @Test
  void theRootRulesRefuseANameThatCannotNameTheChildren() {
    JSONSchemaProps root = crd.getSpec().getVersions().get(0).getSchema().getOpenAPIV3Schema();
    assertThat(root.getXKubernetesValidations()).extracting(v -> v.getRule())
        .containsExactly(SpecDefaults.NAME_PATTERN_RULE, SpecDefaults.NAME_LENGTH_RULE);
    assertThat("1-nightly").doesNotMatch(SpecDefaults.NAME_PATTERN);
    assertThat("a.b").doesNotMatch(SpecDefaults.NAME_PATTERN);
    assertThat("nightly-1").matches(SpecDefaults.NAME_PATTERN);
  }

  /**
   * The API server refuses a CRD whose rule may cost over 10^7 and charges every rule's estimate against a budget,
   * estimating a {@code matches} as cel-go does: ceil(0.1 x the string's largest size in bytes) x ceil(0.25 x the
   * regex's length), a string's size being 4 bytes per character of its {@code maxLength} or, without one, the
   * request's 3 MiB. Undeclared, {@code metadata.name} made the name rule cost about 2.2 million; declared with its
   * maxLength (BoundedNameSchema) a few hundred.
   */
  @Test
  void theNameRuleWalksABoundedNameSoItsEstimatedCostIsSmall() {
    JSONSchemaProps root = crd.getSpec().getVersions().get(0).getSchema().getOpenAPIV3Schema();
    JSONSchemaProps metadata = root.getProperties().get("metadata");
    assertThat(metadata.getProperties().keySet()).as("Kubernetes allows only these under metadata")
        .containsExactlyInAnyOrder("name", "generateName");
    assertThat(metadata.getProperties().get("generateName").getType()).isEqualTo("string");
    JSONSchemaProps name = metadata.getProperties().get("name");
    assertThat(name.getType()).isEqualTo("string");
    assertThat(name.getMaxLength()).isEqualTo((long) SpecDefaults.MAX_NAME_LENGTH);

    String rule = SpecDefaults.NAME_PATTERN_RULE;
    String regex = rule.substring(rule.indexOf("('") + 2, rule.lastIndexOf("')"));
    long regexFactor = (long) Math.ceil(regex.length() * 0.25);
    long bounded = (long) Math.ceil(name.getMaxLength() * 4 * 0.1) * regexFactor;
    long unbounded = (long) Math.ceil((3L * 1024 * 1024 - 2) * 0.1) * regexFactor;
    assertThat(bounded).as("estimated cost of " + rule).isLessThan(1_000);
    assertThat(unbounded).as("what it cost undeclared").isGreaterThan(1_000_000);
  }

  @Test
  void verdictsInTheStatusAreTheContractsVerdicts() {
    JSONSchemaProps result = crd.getSpec().getVersions().get(0).getSchema().getOpenAPIV3Schema().getProperties()
        .get("status").getProperties().get("cells").getItems().getSchema();
    assertThat(result.getProperties().get("latestFailure").getProperties().get("outcome").getEnum()).extracting(n -> n.asText())
        .containsExactlyInAnyOrder(Arrays.stream(dev.sft.contract.Verdict.values()).map(Enum::name).toArray(String[]::new));
  }

  /** Issue 38, item 3: nothing a status write or the spec's copy in it carries is unbounded. */
  @Test
  void everyStringListAndMapOfTheSpecAndStatusIsBounded() {
    assertThat(CommittedCrd.unbounded(spec, "spec")).isEmpty();
    assertThat(CommittedCrd.unbounded(CommittedCrd.schema("status"), "status")).isEmpty();
    JSONSchemaProps status = CommittedCrd.schema("status");
    assertThat(status.getProperties().get("message").getMaxLength()).isEqualTo(StatusBounds.MESSAGE);
    assertThat(status.getProperties().get("conditions").getItems().getSchema().getProperties().get("message")
        .getMaxLength()).isEqualTo(StatusBounds.MESSAGE);
    assertThat(status.getProperties().get("history").getItems().getSchema().getProperties().get("message")
        .getMaxLength()).isEqualTo(StatusBounds.MESSAGE);
  }

  /** Issue 38, item 5: sft's pods declare no resourceClaims, so a container may not name one. */
  @Test
  void containerResourcesHaveNoClaims() {
    for (String part : List.of("spark", "harness")) {
      JSONSchemaProps resources = spec.getProperties().get(part).getProperties().get("resources");
      assertThat(resources.getProperties()).as(part).containsOnlyKeys("limits", "requests");
    }
  }

  /**
   * Issue 38, item 10: the strings the CEL rules read are bounded, so an API server's estimate of the rules' cost
   * is a product of small numbers: items × length for a list's rules.
   */
  @Test
  void theStringsTheCelRulesReadAreBounded() {
    JSONSchemaProps accessModes = spec.getProperties().get("storage").getProperties().get("claimTemplate")
        .getProperties().get("accessModes");
    assertThat(accessModes.getMaxItems()).isEqualTo(2);
    assertThat(accessModes.getItems().getSchema().getEnum()).extracting(n -> n.asText())
        .containsExactlyInAnyOrder("ReadWriteOnce", "ReadOnlyMany", "ReadWriteMany", "ReadWriteOncePod");
    assertThat(SpecDefaults.CLAIM_ACCESS_MODES).allSatisfy(mode -> assertThat(accessModes.getItems().getSchema()
        .getEnum()).extracting(n -> n.asText()).contains(mode));
    JSONSchemaProps nodeSelector = spec.getProperties().get("placement").getProperties().get("nodeSelector");
    assertThat(nodeSelector.getMaxProperties()).isEqualTo(SpecDefaults.MAX_NODE_SELECTOR);
    assertThat(nodeSelector.getXKubernetesValidations()).as("its keys are the controller's to check: a rule would cost")
        .isNullOrEmpty();
    for (String list : List.of("scenarios", "operations")) {
      assertThat(spec.getProperties().get(list).getMaxItems()).as(list).isNotNull();
      assertThat(spec.getProperties().get(list).getItems().getSchema().getMaxLength()).as(list).isNotNull();
    }
  }
}
