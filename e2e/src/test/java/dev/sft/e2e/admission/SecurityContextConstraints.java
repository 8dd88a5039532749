package dev.sft.e2e.admission;

import io.fabric8.kubernetes.api.model.Capabilities;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.SeccompProfile;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * OpenShift's {@code restricted-v2} SecurityContextConstraints, the one every authenticated service account may use.
 * A namespace is under it when it carries OpenShift's {@code openshift.io/sa.scc.uid-range} annotation (OpenShift's
 * namespace controller gives every project one). Mutates as the SCC admission does: containers without a
 * {@code runAsUser} get the range's first UID, the pod without {@code fsGroup} the first group of
 * {@code openshift.io/sa.scc.supplemental-groups} (else of the UID range), unset {@code allowPrivilegeEscalation}
 * becomes false, {@code capabilities.drop} gets ALL and an unset seccomp profile becomes RuntimeDefault. Then refuses
 * UIDs and fsGroups outside the ranges, privileged containers, host namespaces and ports, added capabilities other
 * than NET_BIND_SERVICE, privilege escalation, non-default seccomp and volume types outside the SCC's list. No other
 * SCC is granted (no anyuid, no privileged); SELinux MCS labels ({@code openshift.io/sa.scc.mcs}) are not applied.
 */
final class SecurityContextConstraints {
  static final String UID_RANGE = "openshift.io/sa.scc.uid-range";
  static final String SUPPLEMENTAL_GROUPS = "openshift.io/sa.scc.supplemental-groups";
  private static final Set<String> VOLUMES = Set.of("configMap", "csi", "downwardAPI", "emptyDir", "ephemeral",
      "persistentVolumeClaim", "projected", "secret");

  /** A block of IDs as OpenShift writes it: {@code START/SIZE}. */
  record Range(long first, long size) {
    static Range parse(String annotation, String text) {
      String block = text.split(",")[0].trim();
      String[] parts = block.split("/");
      try {
        if (parts.length == 2) {
          return new Range(Long.parseLong(parts[0]), Long.parseLong(parts[1]));
        }
        String[] dash = block.split("-");
        if (dash.length == 2) {
          long first = Long.parseLong(dash[0]);
          return new Range(first, Long.parseLong(dash[1]) - first + 1);
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw new IllegalArgumentException("namespace annotation " + annotation + "=\"" + text
          + "\" is not a range START/SIZE");
    }

    long last() {
      return first + size - 1;
    }

    boolean contains(long id) {
      return id >= first && id <= last();
    }

    @Override
    public String toString() {
      return "[" + first + ", " + last() + "]";
    }
  }

  private SecurityContextConstraints() {}

  static boolean applies(Namespace namespace) {
    return namespace != null && namespace.getMetadata().getAnnotations() != null
        && namespace.getMetadata().getAnnotations().containsKey(UID_RANGE);
  }

  /** Defaults the pod as restricted-v2 does, then refuses what the SCC forbids. */
  static void admit(Pod pod, Namespace namespace) throws AdmissionRefused {
    Map<String, String> annotations = namespace.getMetadata().getAnnotations();
    Range uids;
    Range groups;
    try {
      uids = Range.parse(UID_RANGE, annotations.get(UID_RANGE));
      groups = annotations.containsKey(SUPPLEMENTAL_GROUPS)
          ? Range.parse(SUPPLEMENTAL_GROUPS, annotations.get(SUPPLEMENTAL_GROUPS)) : uids;
    } catch (IllegalArgumentException e) {
      throw AdmissionRefused.forbidden(pod.getMetadata().getName(), "unable to validate against any security "
          + "context constraint: " + e.getMessage());
    }
    var spec = pod.getSpec();
    if (spec.getSecurityContext() == null) {
      spec.setSecurityContext(new PodSecurityContext());
    }
    PodSecurityContext podContext = spec.getSecurityContext();
    if (podContext.getFsGroup() == null) {
      podContext.setFsGroup(groups.first());
    }
    if (podContext.getSeccompProfile() == null) {
      podContext.setSeccompProfile(new SeccompProfile(null, "RuntimeDefault"));
    }
    List<String> errors = new ArrayList<>();
    if (!groups.contains(podContext.getFsGroup())) {
      errors.add("spec.securityContext.fsGroup: Invalid value: []int64{" + podContext.getFsGroup() + "}: "
          + podContext.getFsGroup() + " is not an allowed group");
    }
    if (podContext.getRunAsUser() != null && !uids.contains(podContext.getRunAsUser())) {
      errors.add("spec.securityContext.runAsUser: Invalid value: " + podContext.getRunAsUser()
          + ": must be in the ranges: " + uids);
    }
    if (!"RuntimeDefault".equals(podContext.getSeccompProfile().getType())) {
      errors.add("spec.securityContext.seccompProfile.type: Forbidden: " + podContext.getSeccompProfile().getType()
          + " is not an allowed seccomp profile. Valid values are runtime/default");
    }
    if (Boolean.TRUE.equals(spec.getHostNetwork())) {
      errors.add("spec.securityContext.hostNetwork: Invalid value: true: Host network is not allowed to be used");
    }
    if (Boolean.TRUE.equals(spec.getHostPID())) {
      errors.add("spec.securityContext.hostPID: Invalid value: true: Host PID is not allowed to be used");
    }
    if (Boolean.TRUE.equals(spec.getHostIPC())) {
      errors.add("spec.securityContext.hostIPC: Invalid value: true: Host IPC is not allowed to be used");
    }
    if (spec.getVolumes() != null) {
      for (Volume volume : spec.getVolumes()) {
        Map<String, Object> fields = Serialization.jsonMapper().convertValue(volume, Map.class);
        fields.keySet().stream().filter(k -> !"name".equals(k) && fields.get(k) != null && !VOLUMES.contains(k))
            .forEach(k -> errors.add("spec.volumes[" + volume.getName() + "]: Invalid value: \"" + k + "\": "
                + k + " volumes are not allowed to be used"));
      }
    }
    containers(spec.getInitContainers(), "initContainers", uids, podContext, errors);
    containers(spec.getContainers(), "containers", uids, podContext, errors);
    if (!errors.isEmpty()) {
      throw AdmissionRefused.forbidden(pod.getMetadata().getName(), "unable to validate against any security "
          + "context constraint: [provider \"restricted-v2\": " + String.join(", ", errors) + "]");
    }
  }

  private static void containers(List<Container> containers, String field, Range uids, PodSecurityContext pod,
      List<String> errors) {
    if (containers == null) {
      return;
    }
    for (int i = 0; i < containers.size(); i++) {
      Container c = containers.get(i);
      String at = "spec." + field + "[" + i + "].securityContext";
      if (c.getSecurityContext() == null) {
        c.setSecurityContext(new SecurityContext());
      }
      SecurityContext sc = c.getSecurityContext();
      if (sc.getRunAsUser() == null && pod.getRunAsUser() == null) {
        sc.setRunAsUser(uids.first());
      }
      if (sc.getAllowPrivilegeEscalation() == null) {
        sc.setAllowPrivilegeEscalation(false);
      }
      if (sc.getCapabilities() == null) {
        sc.setCapabilities(new Capabilities());
      }
      List<String> drop = sc.getCapabilities().getDrop() == null ? new ArrayList<>()
          : new ArrayList<>(sc.getCapabilities().getDrop());
      if (!drop.contains("ALL")) {
        drop.add("ALL");
        sc.getCapabilities().setDrop(drop);
      }
      if (sc.getRunAsUser() != null && !uids.contains(sc.getRunAsUser())) {
        errors.add(at + ".runAsUser: Invalid value: " + sc.getRunAsUser() + ": must be in the ranges: " + uids);
      }
      if (Boolean.TRUE.equals(sc.getPrivileged())) {
        errors.add(at + ".privileged: Invalid value: true: Privileged containers are not allowed");
      }
      if (Boolean.TRUE.equals(sc.getAllowPrivilegeEscalation())) {
        errors.add(at + ".allowPrivilegeEscalation: Invalid value: true: Allowing privilege escalation for "
            + "containers is not allowed");
      }
      if (sc.getCapabilities().getAdd() != null) {
        sc.getCapabilities().getAdd().stream().filter(a -> !"NET_BIND_SERVICE".equals(a)).forEach(a -> errors.add(
            at + ".capabilities.add: Invalid value: \"" + a + "\": capability may not be added"));
      }
      if (sc.getSeccompProfile() != null && !"RuntimeDefault".equals(sc.getSeccompProfile().getType())) {
        errors.add(at + ".seccompProfile.type: Forbidden: " + sc.getSeccompProfile().getType()
            + " is not an allowed seccomp profile. Valid values are runtime/default");
      }
      if (c.getPorts() != null) {
        for (ContainerPort port : c.getPorts()) {
          if (port.getHostPort() != null && port.getHostPort() != 0) {
            errors.add("spec." + field + "[" + i + "].ports[" + port.getContainerPort() + "].hostPort: Invalid "
                + "value: " + port.getHostPort() + ": Host ports are not allowed to be used");
          }
        }
      }
    }
  }
}
