package dev.sft.e2e.apiserver.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sft.e2e.apiserver.store.ResourceCatalog;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** Each spec rule of the built-in kinds refuses a bad object with Kubernetes' words and field path; a good one passes. */
class BuiltInKindRulesTest {

  private static final String STATEFULSETS = "/apis/apps/v1/namespaces/ns/statefulsets";
  private final RequestValidation validation = new RequestValidation(new ResourceCatalog(List::of));

  @Test
  void aStatefulSetShapedAsTheControllerWritesItPasses() {
    validation.validate(STATEFULSETS, statefulSet(s -> { }), null);
  }

  @Test
  void aResourceClaimMustBeNamedInThePodsResourceClaims() {
    ObjectNode refused = statefulSet(s -> container(s).with("resources").putArray("claims").addObject()
        .put("name", "gpu"));
    assertRefused(refused, "StatefulSet.apps \"w\" is invalid: spec.template.spec.containers[0].resources.claims[0]: "
        + "Not found: \"gpu\": must be one of the names in pod.spec.resourceClaims which is empty");
    ObjectNode named = statefulSet(s -> {
      container(s).with("resources").putArray("claims").addObject().put("name", "gpu");
      podSpec(s).putArray("resourceClaims").addObject().put("name", "gpu");
    });
    validation.validate(STATEFULSETS, named, null);
  }

  @Test
  void containerNamesAreUniqueLabelsAcrossInitContainers() {
    assertRefused(statefulSet(s -> container(s).put("name", "Worker")),
        "spec.template.spec.containers[0].name: Invalid value: \"Worker\": a lowercase RFC 1123 label");
    assertRefused(statefulSet(s -> podSpec(s).putArray("initContainers").addObject().put("name", "worker")),
        "spec.template.spec.containers[0].name: Duplicate value: \"worker\"");
    assertRefused(statefulSet(s -> container(s).remove("name")),
        "spec.template.spec.containers[0].name: Required value");
  }

  @Test
  void portsHaveNumbersInRangeAndUniqueServiceNames() {
    assertRefused(statefulSet(s -> port(s).put("containerPort", 70000)),
        "spec.template.spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, "
            + "inclusive");
    assertRefused(statefulSet(s -> port(s).put("name", "spark-master-port")),
        "ports[0].name: Invalid value: \"spark-master-port\": must be no more than 15 characters");
    assertRefused(statefulSet(s -> port(s).put("name", "a--b")), "must not contain consecutive hyphens");
    assertRefused(statefulSet(s -> port(s).put("name", "7077")), "must contain at least one letter (a-z)");
    assertRefused(statefulSet(s -> port(s).put("name", "-web")), "must not begin or end with a hyphen");
    assertRefused(statefulSet(s -> port(s).put("name", "Web")),
        "must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)");
    assertRefused(statefulSet(s -> ports(s).addObject().put("name", "spark").put("containerPort", 8080)),
        "spec.template.spec.containers[0].ports[1].name: Duplicate value: \"spark\"");
  }

  @Test
  void envVarNamesAreIdentifiers() {
    assertRefused(statefulSet(s -> container(s).putArray("env").addObject().put("name", "1SPARK").put("value", "x")),
        "spec.template.spec.containers[0].env[0].name: Invalid value: \"1SPARK\": a valid environment variable name");
  }

  @Test
  void volumesAreUniqueLabelsAndMountsNameThem() {
    assertRefused(statefulSet(s -> podSpec(s).withArray("volumes").addObject().put("name", "shared")
        .putObject("emptyDir")), "spec.template.spec.volumes[1].name: Duplicate value: \"shared\"");
    assertRefused(statefulSet(s -> podSpec(s).withArray("volumes").addObject().put("name", "Tmp")
        .putObject("emptyDir")), "spec.template.spec.volumes[1].name: Invalid value: \"Tmp\"");
    assertRefused(statefulSet(s -> container(s).withArray("volumeMounts").addObject().put("name", "missing")
        .put("mountPath", "/x")), "spec.template.spec.containers[0].volumeMounts[1].name: Not found: \"missing\"");
  }

  @Test
  void requestsStayWithinLimitsAndQuantitiesParse() {
    assertRefused(statefulSet(s -> container(s).with("resources").with("requests").put("cpu", "2")),
        "spec.template.spec.containers[0].resources.requests[cpu]: Invalid value: \"2\": must be less than or equal "
            + "to cpu limit of 1");
    validation.validate(STATEFULSETS, statefulSet(s -> container(s).with("resources").with("requests")
        .put("memory", "1024Mi")), null);
    ObjectNode malformed = statefulSet(s -> container(s).with("resources").with("limits").put("memory", "1 GB"));
    assertThatThrownBy(() -> validation.validate(STATEFULSETS, malformed, null))
        .isInstanceOfSatisfying(RequestRefused.class, r -> assertThat(r.code()).isEqualTo(400))
        .hasMessageContaining("quantities must match the regular expression");
  }

  @Test
  void probesGracePeriodAndDeadlineKeepTheirRanges() {
    assertRefused(statefulSet(s -> container(s).with("readinessProbe").put("periodSeconds", -1)),
        "readinessProbe.periodSeconds: Invalid value: -1: must be greater than or equal to 0");
    assertRefused(statefulSet(s -> container(s).with("livenessProbe").put("failureThreshold", -3)),
        "livenessProbe.failureThreshold: Invalid value: -3: must be greater than or equal to 0");
    assertRefused(statefulSet(s -> container(s).with("livenessProbe").put("successThreshold", 2)),
        "livenessProbe.successThreshold: Invalid value: 2: must be 1");
    assertRefused(statefulSet(s -> container(s).putObject("startupProbe").put("periodSeconds", 1)),
        "startupProbe: Required value: must specify a handler type");
    assertRefused(statefulSet(s -> podSpec(s).put("terminationGracePeriodSeconds", -1)),
        "spec.template.spec.terminationGracePeriodSeconds: Invalid value: -1: must be greater than or equal to 0");
    assertRefused(statefulSet(s -> podSpec(s).put("activeDeadlineSeconds", 0)),
        "spec.template.spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive");
  }

  @Test
  void aStatefulSetKeepsItsReplicasSelectorAndRestartPolicy() {
    assertRefused(statefulSet(s -> s.put("replicas", -1)),
        "spec.replicas: Invalid value: -1: must be greater than or equal to 0");
    assertRefused(statefulSet(s -> s.with("selector").with("matchLabels").put("sft.dev/role", "master")),
        "spec.template.metadata.labels: Invalid value: ");
    assertRefused(statefulSet(s -> s.remove("selector")), "spec.selector: Required value");
    assertRefused(statefulSet(s -> podSpec(s).put("restartPolicy", "Never")),
        "spec.template.spec.restartPolicy: Unsupported value: \"Never\": supported values: \"Always\"");
  }

  @Test
  void aJobKeepsItsCountsAndRestartPolicy() throws Exception {
    ObjectNode job = (ObjectNode) Serialization.jsonMapper().readTree("""
        {"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"j","namespace":"ns"},
         "spec":{"backoffLimit":-1,"template":{"spec":{"containers":[{"name":"h","image":"i"}]}}}}""");
    assertThatThrownBy(() -> validation.validate("/apis/batch/v1/namespaces/ns/jobs", job, null))
        .hasMessageContaining("spec.backoffLimit: Invalid value: -1: must be greater than or equal to 0")
        .hasMessageContaining("spec.template.spec.restartPolicy: Unsupported value: \"Always\": supported values: "
            + "\"OnFailure\", \"Never\"");
  }

  @Test
  void aServiceHasNamedValidPorts() throws Exception {
    ObjectNode service = (ObjectNode) Serialization.jsonMapper().readTree("""
        {"apiVersion":"v1","kind":"Service","metadata":{"name":"s","namespace":"ns"},
         "spec":{"clusterIP":"None","ports":[{"name":"spark","port":7077},{"port":0,"targetPort":"Ui"}]}}""");
    assertThatThrownBy(() -> validation.validate("/api/v1/namespaces/ns/services", service, null))
        .hasMessageContaining("spec.ports[1].name: Required value")
        .hasMessageContaining("spec.ports[1].port: Invalid value: 0: must be between 1 and 65535, inclusive")
        .hasMessageContaining("spec.ports[1].targetPort: Invalid value: \"Ui\": must contain only alpha-numeric");
  }

  @Test
  void aDisruptionBudgetSetsOneOfItsBounds() throws Exception {
    ObjectNode budget = (ObjectNode) Serialization.jsonMapper().readTree("""
        {"apiVersion":"policy/v1","kind":"PodDisruptionBudget","metadata":{"name":"b","namespace":"ns"},
         "spec":{"minAvailable":1,"maxUnavailable":"120%","selector":{"matchLabels":{"a":"b"}}}}""");
    assertThatThrownBy(() -> validation.validate("/apis/policy/v1/namespaces/ns/poddisruptionbudgets", budget, null))
        .hasMessageContaining("minAvailable and maxUnavailable cannot be both set")
        .hasMessageContaining("spec.maxUnavailable: Invalid value: \"120%\": must not be greater than 100%");
  }

  private void assertRefused(ObjectNode object, String message) {
    assertThatThrownBy(() -> validation.validate(STATEFULSETS, object, null))
        .isInstanceOfSatisfying(RequestRefused.class, r -> {
          assertThat(r.code()).isEqualTo(422);
          assertThat(r.statusJson()).contains("\"causes\"");
        })
        .hasMessageContaining(message);
  }

  private static ObjectNode podSpec(ObjectNode statefulSet) {
    return statefulSet.with("template").with("spec");
  }

  private static ObjectNode container(ObjectNode statefulSet) {
    return (ObjectNode) podSpec(statefulSet).withArray("containers").get(0);
  }

  private static ObjectNode port(ObjectNode statefulSet) {
    return (ObjectNode) ports(statefulSet).get(0);
  }

  private static ArrayNode ports(ObjectNode statefulSet) {
    return container(statefulSet).withArray("ports");
  }

  /** A worker StatefulSet as the controller shapes it; {@code change} edits its spec. */
  private static ObjectNode statefulSet(Consumer<ObjectNode> change) {
    try {
      ObjectNode object = (ObjectNode) Serialization.jsonMapper().readTree("""
          {"apiVersion":"apps/v1","kind":"StatefulSet","metadata":{"name":"w","namespace":"ns"},
           "spec":{"replicas":2,"serviceName":"w","selector":{"matchLabels":{"sft.dev/test":"t","sft.dev/role":"worker"}},
            "template":{"metadata":{"labels":{"sft.dev/test":"t","sft.dev/role":"worker"}},
             "spec":{"terminationGracePeriodSeconds":30,
              "volumes":[{"name":"shared","persistentVolumeClaim":{"claimName":"c"}}],
              "containers":[{"name":"worker","image":"sft",
               "ports":[{"name":"spark","containerPort":7078,"protocol":"TCP"}],
               "env":[{"name":"SPARK_WORKER_CORES","value":"1"}],
               "resources":{"requests":{"cpu":"500m","memory":"512Mi"},"limits":{"cpu":"1","memory":"1Gi"}},
               "volumeMounts":[{"name":"shared","mountPath":"/data"}],
               "readinessProbe":{"tcpSocket":{"port":7078},"periodSeconds":5,"failureThreshold":3},
               "livenessProbe":{"httpGet":{"path":"/","port":8081},"successThreshold":1}}]}}}}""");
      change.accept((ObjectNode) object.get("spec"));
      return object;
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
