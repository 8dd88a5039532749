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

  /** StatefulSet pods are named {@code <statefulset>-<ordinal>}. */
  public static List<String> workerPods(SchedulerFailureTest test, int workers) {
    return IntStream.range(0, workers).mapToObj(i -> worker(test) + "-" + i).toList();
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
    return master(test) + "." + test.getMetadata().getNamespace() + ".svc";
  }

  public static String masterUrl(SchedulerFailureTest test) {
    return "spark://" + masterHost(test) + ":" + ImagePorts.MASTER_PORT;
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
    return URI.create(template.replace("{service}", master(test))
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

  /** The same selector as a label-selector string, e.g. for the kill transport's environment. */
  public static String workerSelector(SchedulerFailureTest test) {
    return TEST_LABEL + "=" + test.getMetadata().getName() + "," + COMPONENT_LABEL + "=" + WORKER;
  }
}
