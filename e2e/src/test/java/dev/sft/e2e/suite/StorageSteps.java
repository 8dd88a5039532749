package dev.sft.e2e.suite;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sft.contract.ScenarioName;
import java.time.Duration;

/**
 * A shared volume the pods' user cannot write, end to end: a claim of a StorageClass whose folders are root-owned
 * 0755 and whose driver applies no fsGroup (as an NFS export often is). On the simulated cluster the suite makes that
 * class (csi-driver-nfs's {@code mountPermissions} parameter and a CSIDriver with {@code fsGroupPolicy: None}); on a
 * real cluster {@code -Dsft.e2e.rootOwnedStorageClass} names one.
 */
final class StorageSteps {
  static final String ROOT_OWNED_CLASS = "sft-e2e-root-owned";
  private static final String DRIVER = "root-owned.e2e.sft.dev";
  private static final Duration FAILS_WITHIN = Duration.ofSeconds(300);

  private final E2eSettings settings;
  private final Kubectl kubectl;
  private final TestResources resources;

  StorageSteps(E2eSettings settings, Kubectl kubectl, TestResources resources) {
    this.settings = settings;
    this.kubectl = kubectl;
    this.resources = resources;
  }

  private String rootOwnedClass() {
    if (settings.realCluster()) {
      String named = System.getProperty("sft.e2e.rootOwnedStorageClass", "");
      assertThat(named).as("-Dsft.e2e.rootOwnedStorageClass: a StorageClass of this cluster whose volumes are "
          + "root-owned 0755 and get no fsGroup").isNotBlank();
      return named;
    }
    // One apply each: kubectl validates a List against /openapi/v2 (protobuf), which the stand-in does not serve.
    kubectl.apply(null, """
        {"apiVersion": "storage.k8s.io/v1", "kind": "CSIDriver", "metadata": {"name": "%s"},
         "spec": {"fsGroupPolicy": "None"}}""".formatted(DRIVER));
    kubectl.apply(null, """
        {"apiVersion": "storage.k8s.io/v1", "kind": "StorageClass", "metadata": {"name": "%s"},
         "provisioner": "%s", "parameters": {"mountPermissions": "0755"}}""".formatted(ROOT_OWNED_CLASS, DRIVER));
    return ROOT_OWNED_CLASS;
  }

  /** The run fails before any harness Job, with ClusterReady False for SharedStorageNotWritable saying why. */
  void rootOwnedClaimFailsTheRunAtOnce(String name) {
    String ns = settings.testNamespace();
    ObjectNode test = resources.minimal(name);
    ((ObjectNode) test.get("spec")).putArray("scenarios").add(ScenarioName.SPECULATION_ORIGINAL_WINS.id());
    ((ObjectNode) test.get("spec").with("storage").with("claimTemplate")).put("storageClassName", rootOwnedClass());
    kubectl.apply(ns, TestResources.json(test));
    JsonNode status = Await.until(name + " failed", FAILS_WITHIN,
        () -> kubectl.find(ns, "schedulerfailuretest", name).path("status"),
        s -> "Failed".equals(s.path("phase").asText()));
    JsonNode clusterReady = null;
    for (JsonNode condition : status.path("conditions")) {
      if ("ClusterReady".equals(condition.path("type").asText())) {
        clusterReady = condition;
      }
    }
    assertThat(clusterReady).as("ClusterReady in %s", status).isNotNull();
    assertThat(clusterReady.path("reason").asText()).isEqualTo("SharedStorageNotWritable");
    assertThat(clusterReady.path("message").asText()).contains("cannot create", "Permission denied", "drwxr-xr-x");
    assertThat(kubectl.list(ns, "jobs", "sft.dev/test=" + name + ",sft.dev/component=harness"))
        .as("no harness Job on a volume its user cannot write").isEmpty();
    kubectl.run(Duration.ofSeconds(120), null, "delete", "-n", ns, "schedulerfailuretest", name).orFail();
  }
}
