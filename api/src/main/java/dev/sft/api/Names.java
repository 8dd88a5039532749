package dev.sft.api;

import dev.sft.contract.DriverRun;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/** Names and labels of the objects a test owns; every owned-resource class and observer derives them from here. */
public final class Names {
  /** Every child name is {@code <name>-<suffix>}; {@link SpecDefaults#MAX_NAME_LENGTH} says why 45. */
  public static final int MAX_TEST_NAME_LENGTH = SpecDefaults.MAX_NAME_LENGTH;

  public static final String MANAGED_BY_LABEL = "app.kubernetes.io/managed-by";
  public static final String MANAGED_BY = "sft-controller";
  /** The controller's own pods carry this, so the NetworkPolicy can admit the readiness probe. */
  public static final String CONTROLLER_NAME_LABEL = "app.kubernetes.io/name";
  public static final String CONTROLLER_NAME = "sft-controller";
  public static final String TEST_LABEL = "sft.dev/test";
  public static final String COMPONENT_LABEL = "sft.dev/component";
  public static final String RUN_ID_LABEL = "sft.dev/run-id";
  /**
   * With {@code spec.parallelism} above 1: the index of the Spark cluster a master or worker pod belongs to. A single
   * cluster's pods do not carry it, so that a test run before parallelism existed keeps its pods and selectors.
   */
  public static final String CLUSTER_LABEL = "sft.dev/cluster";
  public static final String HARNESS_JOB_LABEL = "sft.dev/harness-job";
  /** On a generated claim: it holds a test's evidence and may outlive the test ({@code SharedClaim}). */
  public static final String EVIDENCE_LABEL = "sft.dev/evidence";
  /** Hash of the desired object the controller last applied; a different hash means "update it". */
  public static final String DESIRED_HASH_ANNOTATION = "sft.dev/desired-hash";

  public static final String MASTER = "master";
  public static final String WORKER = "worker";
  public static final String HARNESS = "harness";
  public static final String STORAGE_CHECK = "storage-check";
  /** The container in Spark pods; the pod-exec kill transport execs into it. */
  public static final String SPARK_CONTAINER = "spark";
  public static final String HARNESS_CONTAINER = "harness";
  public static final String STORAGE_CHECK_CONTAINER = "storage-check";

  private Names() {}

  public static String master(SchedulerFailureTest test) {
    return test.getMetadata().getName() + "-master";
  }

  public static String worker(SchedulerFailureTest test) {
    return test.getMetadata().getName() + "-worker";
  }

  /**
   * The master StatefulSet and Service of Spark cluster {@code cluster}: cluster 0 is named as a single cluster is
   * ({@link #master(SchedulerFailureTest)}), so a test's objects keep their names whatever its parallelism; cluster
   * {@code k} is {@code <name>-c<k>-mst}. Seven characters after the name, as {@code -worker}: a StatefulSet's name
   * with its pods' controller-revision-hash label fits 63 ({@link SpecDefaults#MAX_NAME_LENGTH}), and one digit, as
   * {@link SpecDefaults#MAX_PARALLELISM} is 8.
   */
  public static String master(SchedulerFailureTest test, int cluster) {
    return cluster == 0 ? master(test) : test.getMetadata().getName() + "-c" + cluster + "-mst";
  }

  /** The worker StatefulSet and Service of Spark cluster {@code cluster}: {@code <name>-c<k>-wkr}, as the master's. */
  public static String worker(SchedulerFailureTest test, int cluster) {
    return cluster == 0 ? worker(test) : test.getMetadata().getName() + "-c" + cluster + "-wkr";
  }

  /** StatefulSet pods are named {@code <statefulset>-<ordinal>}. */
  public static List<String> workerPods(SchedulerFailureTest test, int workers) {
    return workerPods(test, 0, workers);
  }

  public static List<String> workerPods(SchedulerFailureTest test, int cluster, int workers) {
    return IntStream.range(0, workers).mapToObj(i -> worker(test, cluster) + "-" + i).toList();
  }

  /** ServiceAccount, Role and RoleBinding of the harness share this name. */
  public static String harness(SchedulerFailureTest test) {
    return test.getMetadata().getName() + "-harness";
  }

  public static String networkPolicy(SchedulerFailureTest test) {
    return test.getMetadata().getName() + "-spark";
  }

  /** The PodDisruptionBudget of the master and worker pods during a run. */
  public static String disruptionBudget(SchedulerFailureTest test) {
    return test.getMetadata().getName() + "-spark";
  }

  /** The NetworkPolicy admitting the controller's probe to the master. */
  public static String probePolicy(SchedulerFailureTest test) {
    return test.getMetadata().getName() + "-probe";
  }

  public static String generatedClaim(SchedulerFailureTest test) {
    return test.getMetadata().getName() + "-shared";
  }

  /**
   * The harness Job of one build on one Spark cluster: cluster 0's is named as a single cluster's; cluster {@code k}'s
   * adds its digit to the group ({@code nightly-r3-base-spec1}), which keeps the longest name within 63.
   */
  public static String harnessJob(SchedulerFailureTest test, int runNumber, boolean speculation, String build,
      int cluster) {
    return harnessJob(test, runNumber, speculation, build) + (cluster == 0 ? "" : String.valueOf(cluster));
  }

  /** Deterministic per run and speculation setting, so a retried create can never make a second Job. */
  public static String harnessJob(SchedulerFailureTest test, int runNumber, boolean speculation) {
    return harnessJob(test, runNumber, speculation, null);
  }

  /**
   * The harness Job of one build of a comparison ({@code build} baseline or candidate; null without one), e.g.
   * {@code nightly-r3-base-spec}: four letters of the build, so that the longest test name and run number still give
   * a valid Job name (63 characters).
   */
  public static String harnessJob(SchedulerFailureTest test, int runNumber, boolean speculation, String build) {
    return test.getMetadata().getName() + "-r" + runNumber + (build == null ? "" : "-" + build.substring(0, 4)) + "-"
        + DriverRun.group(speculation);
  }

  /** The run's shared-storage check ({@code StorageCheckJobManifest}). */
  public static String storageCheckJob(SchedulerFailureTest test, int runNumber) {
    return test.getMetadata().getName() + "-r" + runNumber + "-storage";
  }

  public static String masterHost(SchedulerFailureTest test) {
    return masterHost(test, 0);
  }

  public static String masterHost(SchedulerFailureTest test, int cluster) {
    return master(test, cluster) + "." + test.getMetadata().getNamespace() + ".svc";
  }

  public static String masterUrl(SchedulerFailureTest test) {
    return masterUrl(test, 0);
  }

  public static String masterUrl(SchedulerFailureTest test, int cluster) {
    return "spark://" + masterHost(test, cluster) + ":" + ImagePorts.MASTER_PORT;
  }

  /**
   * Where the controller reads the master's view of its workers, when it runs inside the cluster: the default of
   * {@code sft.master-probe.url-template} (env {@code SFT_MASTER_PROBE_URL_TEMPLATE}), defined only here.
   */
  public static final String IN_CLUSTER_MASTER_JSON_URL =
      "http://{service}.{namespace}.svc:" + ImagePorts.MASTER_UI_PORT + "/json/";

  /**
   * The master's {@code /json/} URL from a template with {@code {service}} and {@code {namespace}}; outside the
   * cluster e.g. through {@code kubectl proxy}:
   * {@code http://127.0.0.1:8001/api/v1/namespaces/{namespace}/services/{service}:http/proxy/json/}.
   */
  public static URI masterJsonUrl(SchedulerFailureTest test, String template) {
    return masterJsonUrl(test, 0, template);
  }

  public static URI masterJsonUrl(SchedulerFailureTest test, int cluster, String template) {
    return URI.create(template.replace("{service}", master(test, cluster))
        .replace("{namespace}", test.getMetadata().getNamespace()));
  }

  /** Labels every object of this test carries. */
  public static Map<String, String> testLabels(SchedulerFailureTest test) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(MANAGED_BY_LABEL, MANAGED_BY);
    labels.put(TEST_LABEL, test.getMetadata().getName());
    return labels;
  }

  /** Selects one component's pods of this test. */
  public static Map<String, String> componentSelector(SchedulerFailureTest test, String component) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(TEST_LABEL, test.getMetadata().getName());
    labels.put(COMPONENT_LABEL, component);
    return labels;
  }

  public static Map<String, String> componentLabels(SchedulerFailureTest test, String component) {
    Map<String, String> labels = testLabels(test);
    labels.put(COMPONENT_LABEL, component);
    return labels;
  }

  /**
   * Selects one component's pods of one Spark cluster: with {@code parallel} (spec.parallelism above 1) by its
   * {@link #CLUSTER_LABEL} too, else as {@link #componentSelector}.
   */
  public static Map<String, String> clusterSelector(SchedulerFailureTest test, String component, int cluster,
      boolean parallel) {
    Map<String, String> labels = componentSelector(test, component);
    if (parallel) {
      labels.put(CLUSTER_LABEL, String.valueOf(cluster));
    }
    return labels;
  }

  /**
   * A cluster's StatefulSet selector, immutable once created: cluster 0's is a single cluster's whatever the
   * parallelism (a test that ran one cluster keeps its StatefulSet), cluster {@code k}'s adds its index. Cluster 0's
   * thus also matches the other clusters' pods, which a StatefulSet never adopts (they have their own controller);
   * Services and observers select by the cluster's labels.
   */
  public static Map<String, String> statefulSetSelector(SchedulerFailureTest test, String component, int cluster) {
    return clusterSelector(test, component, cluster, cluster > 0);
  }

  /** The labels of one Spark cluster's component pods: {@link #componentLabels} and, with {@code parallel}, its index. */
  public static Map<String, String> clusterLabels(SchedulerFailureTest test, String component, int cluster,
      boolean parallel) {
    Map<String, String> labels = componentLabels(test, component);
    labels.putAll(clusterSelector(test, component, cluster, parallel));
    return labels;
  }

  /** The same selector as a label-selector string, e.g. for the kill transport's environment. */
  public static String workerSelector(SchedulerFailureTest test) {
    return workerSelector(test, 0, false);
  }

  /** One Spark cluster's workers as a label-selector string: its harness kills only its own. */
  public static String workerSelector(SchedulerFailureTest test, int cluster, boolean parallel) {
    return TEST_LABEL + "=" + test.getMetadata().getName() + "," + COMPONENT_LABEL + "=" + WORKER
        + (parallel ? "," + CLUSTER_LABEL + "=" + cluster : "");
  }
}
