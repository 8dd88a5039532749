package dev.sft.e2e.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LimitRangeBuilder;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuotaBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The admission chain on pods, against objects held in a map: Pod Security, OpenShift's restricted-v2, LimitRanger
 * and ResourceQuota, each with the message the real plugin gives.
 */
class PodAdmissionTest {
  private final Map<String, HasMetadata> objects = new HashMap<>();
  private final Map<String, List<HasMetadata>> lists = new HashMap<>();
  private final PodAdmission admission = new PodAdmission(new ClusterObjects(path -> {
    if (objects.containsKey(path)) {
      return Serialization.asJson(objects.get(path));
    }
    List<HasMetadata> items = lists.get(path);
    return items == null ? null : Serialization.asJson(Map.of("kind", "List", "apiVersion", "v1", "items", items));
  }));

  private void namespace(Map<String, String> labels, Map<String, String> annotations) {
    objects.put("/api/v1/namespaces/ns", new NamespaceBuilder().withNewMetadata().withName("ns").withLabels(labels)
        .withAnnotations(annotations).endMetadata().build());
  }

  private void add(String plural, HasMetadata object) {
    lists.computeIfAbsent("/api/v1/namespaces/ns/" + plural, k -> new ArrayList<>()).add(object);
  }

  /** A pod as the chart's would be without a security context: one container, no resources. */
  private static PodBuilder pod(String name) {
    return new PodBuilder().withNewMetadata().withName(name).withNamespace("ns").endMetadata()
        .withNewSpec().addNewContainer().withName("app").withImage("img").endContainer().endSpec();
  }

  /** A pod that meets the restricted profile. */
  private static PodBuilder restrictedPod(String name) {
    return new PodBuilder().withNewMetadata().withName(name).withNamespace("ns").endMetadata()
        .withNewSpec().withNewSecurityContext().withRunAsNonRoot(true).withNewSeccompProfile()
          .withType("RuntimeDefault").endSeccompProfile().endSecurityContext()
          .addNewContainer().withName("app").withImage("img").withNewSecurityContext()
            .withAllowPrivilegeEscalation(false).withNewCapabilities().withDrop("ALL").endCapabilities()
          .endSecurityContext().endContainer().endSpec();
  }

  private Pod admit(Pod pod) throws AdmissionRefused {
    String admitted = admission.admitCreate("/api/v1/namespaces/ns/pods", Serialization.asJson(pod));
    return Serialization.unmarshal(admitted, Pod.class);
  }

  @Test
  void restrictedNamespaceRefusesAPodWithoutSecurityContextNamingEveryCheckInTheRealWording() {
    namespace(Map.of("pod-security.kubernetes.io/enforce", "restricted"), null);
    assertThatThrownBy(() -> admit(pod("x").build()))
        .isInstanceOfSatisfying(AdmissionRefused.class, e -> assertThat(e.code()).isEqualTo(403))
        .hasMessage("pods \"x\" is forbidden: violates PodSecurity \"restricted:latest\": "
            + "allowPrivilegeEscalation != false (container \"app\" must set "
            + "securityContext.allowPrivilegeEscalation=false), "
            + "unrestricted capabilities (container \"app\" must set securityContext.capabilities.drop=[\"ALL\"]), "
            + "runAsNonRoot != true (pod or container \"app\" must set securityContext.runAsNonRoot=true), "
            + "seccompProfile (pod or container \"app\" must set securityContext.seccompProfile.type to "
            + "\"RuntimeDefault\" or \"Localhost\")");
  }

  @Test
  void restrictedNamespaceAdmitsACompliantPodAndRefusesEachBaselineAndRestrictedViolation() throws Exception {
    namespace(Map.of("pod-security.kubernetes.io/enforce", "restricted",
        "pod-security.kubernetes.io/enforce-version", "v1.33"), null);
    assertThat(admit(restrictedPod("ok").build()).getMetadata().getName()).isEqualTo("ok");
    Pod bad = restrictedPod("bad").editSpec().withHostNetwork(true).withHostPID(true)
        .editSecurityContext().withRunAsUser(0L).addNewSysctl().withName("kernel.msgmax").withValue("1").endSysctl()
          .withNewSeLinuxOptions().withType("spc_t").endSeLinuxOptions().endSecurityContext()
        .addNewVolume().withName("host").withNewHostPath().withPath("/").endHostPath().endVolume()
        .editFirstContainer().addNewPort().withContainerPort(80).withHostPort(80).endPort()
          .editSecurityContext().withPrivileged(true).withProcMount("Unmasked")
            .editCapabilities().withAdd("SYS_ADMIN", "NET_BIND_SERVICE").endCapabilities()
            .withNewSeccompProfile().withType("Unconfined").endSeccompProfile()
            .withNewAppArmorProfile().withType("Unconfined").endAppArmorProfile().endSecurityContext()
        .endContainer().endSpec().build();
    assertThatThrownBy(() -> admit(bad)).hasMessage("pods \"bad\" is forbidden: violates PodSecurity "
        + "\"restricted:v1.33\": "
        + "forbidden AppArmor profile (container \"app\" must not set securityContext.appArmorProfile.type to "
        + "\"Unconfined\"), "
        + "unrestricted capabilities (container \"app\" must not include \"SYS_ADMIN\" in "
        + "securityContext.capabilities.add), "
        + "host namespaces (hostNetwork=true, hostPID=true), "
        + "hostPath volumes (volume \"host\"), "
        + "hostPort (container \"app\" uses hostPort 80), "
        + "privileged (container \"app\" must not set securityContext.privileged=true), "
        + "procMount (container \"app\" must not set securityContext.procMount to \"Unmasked\"), "
        + "restricted volume types (volume \"host\" uses restricted volume type \"hostPath\"), "
        + "runAsUser=0 (pod must not set runAsUser=0), "
        + "seLinuxOptions (pod set forbidden securityContext.seLinuxOptions: type \"spc_t\"), "
        + "seccompProfile (container \"app\" must not set securityContext.seccompProfile.type to \"Unconfined\"), "
        + "forbidden sysctls (kernel.msgmax)");
  }

  @Test
  void baselineAllowsWhatOnlyRestrictedForbidsAndUnlabelledNamespacesAdmitAll() throws Exception {
    namespace(Map.of("pod-security.kubernetes.io/enforce", "baseline"), null);
    assertThat(admit(pod("plain").build())).isNotNull();
    assertThatThrownBy(() -> admit(pod("net").editSpec().withHostNetwork(true).endSpec().build()))
        .hasMessage("pods \"net\" is forbidden: violates PodSecurity \"baseline:latest\": host namespaces "
            + "(hostNetwork=true)");
    namespace(null, null);
    assertThat(admit(pod("net").editSpec().withHostNetwork(true).endSpec().build())).isNotNull();
  }

  @Test
  void restrictedV2AssignsUidAndFsGroupFromTheNamespaceRangesAndTheRestrictedDefaults() throws Exception {
    namespace(Map.of("pod-security.kubernetes.io/enforce", "restricted"), Map.of(
        "openshift.io/sa.scc.uid-range", "1000680000/10000",
        "openshift.io/sa.scc.supplemental-groups", "1000690000/10000"));
    Pod admitted = admit(pod("x").editSpec().editFirstContainer().withNewSecurityContext().withRunAsNonRoot(true)
        .endSecurityContext().endContainer().endSpec().build());
    assertThat(admitted.getSpec().getContainers().get(0).getSecurityContext().getRunAsUser()).isEqualTo(1000680000L);
    assertThat(admitted.getSpec().getSecurityContext().getFsGroup()).isEqualTo(1000690000L);
    assertThat(admitted.getSpec().getContainers().get(0).getSecurityContext().getAllowPrivilegeEscalation())
        .isFalse();
    assertThat(admitted.getSpec().getContainers().get(0).getSecurityContext().getCapabilities().getDrop())
        .containsExactly("ALL");
    assertThat(admitted.getSpec().getSecurityContext().getSeccompProfile().getType()).isEqualTo("RuntimeDefault");
  }

  @Test
  void restrictedV2RefusesAUidAndFsGroupOutsideTheRanges() {
    namespace(null, Map.of("openshift.io/sa.scc.uid-range", "1000680000/10000"));
    Pod fixed = pod("x").editSpec().withNewSecurityContext().withRunAsUser(185L).withFsGroup(185L)
        .endSecurityContext().endSpec().build();
    assertThatThrownBy(() -> admit(fixed)).hasMessage("pods \"x\" is forbidden: unable to validate against any "
        + "security context constraint: [provider \"restricted-v2\": spec.securityContext.fsGroup: Invalid value: "
        + "[]int64{185}: 185 is not an allowed group, spec.securityContext.runAsUser: Invalid value: 185: must be "
        + "in the ranges: [1000680000, 1000689999]]");
  }

  @Test
  void limitRangeDefaultsRequestsAndLimitsAndRefusesOutsideMinAndMax() throws Exception {
    namespace(null, null);
    add("limitranges", new LimitRangeBuilder().withNewMetadata().withName("lr").endMetadata().withNewSpec()
        .addNewLimit().withType("Container").addToDefault("memory", new Quantity("512Mi"))
          .addToDefaultRequest("memory", new Quantity("256Mi")).addToMax("memory", new Quantity("1Gi"))
          .addToMin("cpu", new Quantity("100m")).endLimit().endSpec().build());
    Pod admitted = admit(pod("d").build());
    var resources = admitted.getSpec().getContainers().get(0).getResources();
    assertThat(resources.getLimits()).containsEntry("memory", new Quantity("512Mi"));
    assertThat(resources.getRequests()).containsEntry("memory", new Quantity("256Mi"))
        .containsEntry("cpu", new Quantity("100m"));
    assertThat(admitted.getMetadata().getAnnotations()).containsEntry("kubernetes.io/limit-ranger",
        "LimitRanger plugin set: cpu, memory request for container app; memory limit for container app");

    Pod big = pod("big").editSpec().editFirstContainer().withNewResources().addToLimits("memory", new Quantity("2Gi"))
        .addToRequests("cpu", new Quantity("50m")).endResources().endContainer().endSpec().build();
    assertThatThrownBy(() -> admit(big)).hasMessage("pods \"big\" is forbidden: [minimum cpu usage per Container is "
        + "100m, but request is 50m, maximum memory usage per Container is 1Gi, but limit is 2Gi]");
  }

  @Test
  void aLimitWithoutRequestSetsTheRequestAndARequestAboveItsLimitIsInvalid() throws Exception {
    namespace(null, null);
    Pod admitted = admit(pod("l").editSpec().editFirstContainer().withNewResources()
        .addToLimits("memory", new Quantity("1Gi")).endResources().endContainer().endSpec().build());
    assertThat(admitted.getSpec().getContainers().get(0).getResources().getRequests())
        .containsEntry("memory", new Quantity("1Gi"));
    assertThatThrownBy(() -> admit(pod("r").editSpec().editFirstContainer().withNewResources()
        .addToLimits("cpu", new Quantity("1")).addToRequests("cpu", new Quantity("2")).endResources().endContainer()
        .endSpec().build()))
        .isInstanceOfSatisfying(AdmissionRefused.class, e -> assertThat(e.code()).isEqualTo(422))
        .hasMessage("Pod \"r\" is invalid: spec.containers[0].resources.requests: Invalid value: \"2\": must be less "
            + "than or equal to cpu limit of 1");
  }

  @Test
  void quotaRefusesContainersWithoutTheQuotaedValuesAndPodsPastTheHardLimit() throws Exception {
    namespace(null, null);
    add("resourcequotas", new ResourceQuotaBuilder().withNewMetadata().withName("compute").endMetadata()
        .withNewSpec().addToHard("requests.memory", new Quantity("1Gi")).addToHard("limits.memory",
            new Quantity("1Gi")).addToHard("pods", new Quantity("2")).endSpec().build());
    assertThatThrownBy(() -> admit(pod("bare").build())).isInstanceOfSatisfying(AdmissionRefused.class,
        e -> assertThat(e.code()).isEqualTo(403)).hasMessage("pods \"bare\" is forbidden: failed quota: compute: "
        + "must specify limits.memory for: app; requests.memory for: app");
    Pod half = pod("a").editSpec().editFirstContainer().withNewResources().addToLimits("memory",
        new Quantity("768Mi")).endResources().endContainer().endSpec().build();
    add("pods", admit(half));
    Pod second = new PodBuilder(half).editMetadata().withName("b").endMetadata().build();
    assertThatThrownBy(() -> admit(second)).hasMessage("pods \"b\" is forbidden: exceeded quota: compute, "
        + "requested: limits.memory=768Mi,requests.memory=768Mi, used: limits.memory=768Mi,requests.memory=768Mi, "
        + "limited: limits.memory=1Gi,requests.memory=1Gi");
  }

  @Test
  void finishedPodsNoLongerCountAgainstAQuota() throws Exception {
    namespace(null, null);
    add("resourcequotas", new ResourceQuotaBuilder().withNewMetadata().withName("count").endMetadata()
        .withNewSpec().addToHard("pods", new Quantity("1")).endSpec().build());
    Pod done = admit(pod("done").build());
    done.setStatus(new io.fabric8.kubernetes.api.model.PodStatusBuilder().withPhase("Succeeded").build());
    add("pods", done);
    assertThat(admit(pod("next").build())).isNotNull();
    add("pods", admit(pod("running").build()));
    assertThatThrownBy(() -> admit(pod("third").build())).hasMessage("pods \"third\" is forbidden: exceeded quota: "
        + "count, requested: pods=1, used: pods=1, limited: pods=1");
  }

  @Test
  void objectsOtherThanPodsAndPodsAdmissionLeavesAlonePassUntouched() throws Exception {
    String json = "{\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"c\"}}";
    assertThat(admission.admitCreate("/api/v1/namespaces/ns/configmaps", json)).isEqualTo(json);
    namespace(null, null);
    String pod = "{\"kind\":\"Pod\",\"metadata\":{\"name\":\"p\"},\"spec\":{\"containers\":[{\"name\":\"a\","
        + "\"image\":\"i\",\"resources\":{\"requests\":{\"cpu\":\"1\"}}}]}}";
    assertThat(admission.admitCreate("/api/v1/namespaces/ns/pods", pod)).isEqualTo(pod);
  }
}
