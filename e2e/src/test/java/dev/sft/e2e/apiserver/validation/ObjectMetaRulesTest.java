package dev.sft.e2e.apiserver.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sft.e2e.apiserver.store.ResourceCatalog;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Names per kind, labels, annotations and sizes, refused with the API server's status and wording. */
class ObjectMetaRulesTest {

  private final RequestValidation validation = new RequestValidation(new ResourceCatalog(List::of));

  @Test
  void eachKindHasItsNameRule() throws Exception {
    assertThatThrownBy(() -> validation.validate("/api/v1/namespaces/ns/services",
        object("Service", "1-nightly-master"), null))
        .hasMessage("Service \"1-nightly-master\" is invalid: metadata.name: Invalid value: \"1-nightly-master\": a "
            + "DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic "
            + "character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for "
            + "validation is '[a-z]([-a-z0-9]*[a-z0-9])?')");
    assertThatThrownBy(() -> validation.validate("/api/v1/namespaces/ns/services",
        object("Service", "a.b-master"), null))
        .hasMessageContaining("a DNS-1035 label");
    assertThatThrownBy(() -> validation.validate("/api/v1/namespaces", object("Namespace", "a.b"), null))
        .hasMessageContaining("a lowercase RFC 1123 label must consist of");
    assertThatThrownBy(() -> validation.validate("/apis/apps/v1/namespaces/ns/statefulsets",
        object("StatefulSet", "Worker"), null))
        .hasMessageStartingWith("StatefulSet.apps \"Worker\" is invalid: metadata.name: Invalid value: \"Worker\": a "
            + "lowercase RFC 1123 subdomain");
    assertThatThrownBy(() -> validation.validate("/api/v1/namespaces/ns/configmaps", object("ConfigMap",
        "x".repeat(254)), null))
        .hasMessageContaining("must be no more than 253 characters");
    validation.validate("/api/v1/namespaces/ns/configmaps", object("ConfigMap", "1.nightly"), null);
    validation.validate("/apis/rbac.authorization.k8s.io/v1/clusterroles", object("ClusterRole", "sft:Operator"), null);
    assertThatThrownBy(() -> validation.validate("/apis/rbac.authorization.k8s.io/v1/clusterroles",
        object("ClusterRole", "a/b"), null))
        .hasMessageContaining("may not contain '/'");
    assertThatThrownBy(() -> validation.validate("/apis/batch/v1/namespaces/ns/jobs",
        object("Job", "j".repeat(64)), null))
        .hasMessageContaining("spec.template.labels: Invalid value: \"jjj").hasMessageContaining("63 characters");
    assertThatThrownBy(() -> validation.validate("/apis/batch/v1/namespaces/ns/cronjobs", object("CronJob",
        "c".repeat(53)), null))
        .hasMessageContaining("must be no more than 52 characters");
  }

  @Test
  void labelsAndAnnotationsKeepTheirLimits() throws Exception {
    ObjectNode labelled = object("ConfigMap", "c");
    ((ObjectNode) labelled.get("metadata")).putObject("labels").put("sft.dev/test", "v".repeat(64))
        .put("-bad", "ok").put("a/b/c", "ok");
    assertThatThrownBy(() -> validation.validate("/api/v1/namespaces/ns/configmaps", labelled, null))
        .hasMessageContaining("metadata.labels: Invalid value: \"" + "v".repeat(64)
            + "\": must be no more than 63 characters")
        .hasMessageContaining("metadata.labels: Invalid value: \"-bad\": name part must consist of alphanumeric "
            + "characters")
        .hasMessageContaining("metadata.labels: Invalid value: \"a/b/c\": a qualified name must consist of");
    ObjectNode annotated = object("ConfigMap", "c");
    ((ObjectNode) annotated.get("metadata")).putObject("annotations").put("big", "x".repeat(256 * 1024));
    assertThatThrownBy(() -> validation.validate("/api/v1/namespaces/ns/configmaps", annotated, null))
        .hasMessage("ConfigMap \"c\" is invalid: metadata.annotations: Too long: may not be more than 262144 bytes");
  }

  @Test
  void sizesAreRefusedAsTheApiServerAndEtcdRefuseThem() throws Exception {
    assertThat(RequestValidation.requestTooLarge(3 * 1024 * 1024)).isEmpty();
    assertThat(RequestValidation.requestTooLarge(3 * 1024 * 1024 + 1)).hasValueSatisfying(refused -> {
      assertThat(refused.code()).isEqualTo(413);
      assertThat(refused.getMessage()).isEqualTo("Request entity too large: limit is 3145728");
    });
    ObjectNode bigConfig = object("ConfigMap", "c");
    bigConfig.putObject("data").put("k", "x".repeat(1024 * 1024));
    assertThatThrownBy(() -> validation.validate("/api/v1/namespaces/ns/configmaps", bigConfig, null))
        .hasMessage("ConfigMap \"c\" is invalid: []: Too long: may not be more than 1048576 bytes");
    ObjectNode bigPod = object("Pod", "p");
    bigPod.with("spec").put("x", "x".repeat(1600 * 1024));
    assertThatThrownBy(() -> validation.validate("/api/v1/namespaces/ns/pods", bigPod, null))
        .isInstanceOf(RequestRefused.class).hasMessage("etcdserver: request is too large")
        .satisfies(e -> assertThat(((RequestRefused) e).code()).isEqualTo(500));
  }

  /** An object of {@code kind} whose spec, if the kind has one, passes its own rules (BuiltInKindRulesTest). */
  private static ObjectNode object(String kind, String name) throws Exception {
    ObjectNode object = (ObjectNode) Serialization.jsonMapper().readTree("{\"kind\":\"" + kind
        + "\",\"metadata\":{\"name\":\"" + name + "\"}}");
    switch (kind) {
      case "Service" -> object.putObject("spec").put("clusterIP", "None");
      case "Pod" -> object.putObject("spec").putArray("containers").addObject().put("name", "c");
      case "StatefulSet" -> {
        ObjectNode spec = object.putObject("spec");
        spec.putObject("selector").putObject("matchLabels").put("app", "a");
        ObjectNode template = spec.putObject("template");
        template.putObject("metadata").putObject("labels").put("app", "a");
        template.putObject("spec").putArray("containers").addObject().put("name", "c");
      }
      default -> { }
    }
    return object;
  }
}
