package dev.sft.e2e.admission;

import io.fabric8.kubernetes.api.model.Capabilities;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.SELinuxOptions;
import io.fabric8.kubernetes.api.model.SeccompProfile;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.Sysctl;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The checks of the Pod Security Standards (https://kubernetes.io/docs/concepts/security/pod-security-standards/) for
 * the {@code baseline} and {@code restricted} levels, worded as the pod-security admission library words them: a
 * reason and a detail per failed check, in the order of the checks' ids. Restricted replaces baseline's capabilities
 * and seccomp checks with its stricter ones and adds volume types, privilege escalation, runAsNonRoot and runAsUser.
 */
final class PodSecurityStandards {
  enum Level { PRIVILEGED, BASELINE, RESTRICTED }

  record Violation(String reason, String detail) {
    @Override
    public String toString() {
      return reason + " (" + detail + ")";
    }
  }

  private static final Set<String> BASELINE_CAPABILITIES = Set.of("AUDIT_WRITE", "CHOWN", "DAC_OVERRIDE", "FOWNER",
      "FSETID", "KILL", "MKNOD", "NET_BIND_SERVICE", "SETFCAP", "SETGID", "SETPCAP", "SETUID", "SYS_CHROOT");
  private static final Set<String> SAFE_SYSCTLS = Set.of("kernel.shm_rmid_forced", "net.ipv4.ip_local_port_range",
      "net.ipv4.ip_unprivileged_port_start", "net.ipv4.tcp_syncookies", "net.ipv4.ping_group_range",
      "net.ipv4.ip_local_reserved_ports", "net.ipv4.tcp_keepalive_time", "net.ipv4.tcp_fin_timeout",
      "net.ipv4.tcp_keepalive_intvl", "net.ipv4.tcp_keepalive_probes", "net.ipv4.tcp_rmem", "net.ipv4.tcp_wmem");
  private static final Set<String> SELINUX_TYPES = Set.of("", "container_t", "container_init_t", "container_kvm_t",
      "container_engine_t");
  private static final Set<String> RESTRICTED_VOLUMES = Set.of("configMap", "csi", "downwardAPI", "emptyDir",
      "ephemeral", "persistentVolumeClaim", "projected", "secret");
  private static final String APPARMOR_ANNOTATION = "container.apparmor.security.beta.kubernetes.io/";

  private PodSecurityStandards() {}

  static List<Violation> check(Map<String, String> annotations, PodSpec spec, Level level) {
    List<Violation> found = new ArrayList<>();
    if (level == Level.PRIVILEGED) {
      return found;
    }
    boolean restricted = level == Level.RESTRICTED;
    List<Container> containers = containers(spec);
    PodSecurityContext pod = spec.getSecurityContext();
    // In the order of the checks' ids, as the admission library reports them.
    if (restricted) {
      allowPrivilegeEscalation(containers, found);
    }
    appArmor(annotations, pod, containers, found);
    if (restricted) {
      capabilitiesRestricted(containers, found);
    } else {
      capabilitiesBaseline(containers, found);
    }
    hostNamespaces(spec, found);
    hostPathVolumes(spec, found);
    hostPorts(containers, found);
    hostProcess(pod, containers, found);
    privileged(containers, found);
    procMount(containers, found);
    if (restricted) {
      restrictedVolumes(spec, found);
      runAsNonRoot(pod, containers, found);
      runAsUser(pod, containers, found);
    }
    seLinux(pod, containers, found);
    seccomp(pod, containers, restricted, found);
    sysctls(pod, found);
    return found;
  }

  private static List<Container> containers(PodSpec spec) {
    List<Container> all = new ArrayList<>();
    if (spec.getInitContainers() != null) {
      all.addAll(spec.getInitContainers());
    }
    if (spec.getContainers() != null) {
      all.addAll(spec.getContainers());
    }
    if (spec.getEphemeralContainers() != null) {
      // Same security-relevant fields; converted through JSON so every check reads one type.
      spec.getEphemeralContainers().forEach(e -> all.add(Serialization.unmarshal(Serialization.asJson(e),
          Container.class)));
    }
    return all;
  }

  private static <T> T own(Container container, Function<SecurityContext, T> field) {
    return container.getSecurityContext() == null ? null : field.apply(container.getSecurityContext());
  }

  private static <T> T podLevel(PodSecurityContext pod, Function<PodSecurityContext, T> field) {
    return pod == null ? null : field.apply(pod);
  }

  private static void allowPrivilegeEscalation(List<Container> containers, List<Violation> found) {
    List<String> bad = containers.stream().filter(c -> !Boolean.FALSE.equals(own(c,
        SecurityContext::getAllowPrivilegeEscalation))).map(Container::getName).toList();
    if (!bad.isEmpty()) {
      found.add(new Violation("allowPrivilegeEscalation != false", containers(bad)
          + " must set securityContext.allowPrivilegeEscalation=false"));
    }
  }

  private static void appArmor(Map<String, String> annotations, PodSecurityContext pod, List<Container> containers,
      List<Violation> found) {
    List<String> details = new ArrayList<>();
    var podProfile = podLevel(pod, PodSecurityContext::getAppArmorProfile);
    if (podProfile != null && "Unconfined".equals(podProfile.getType())) {
      details.add("pod must not set securityContext.appArmorProfile.type to \"Unconfined\"");
    }
    List<String> bad = containers.stream().filter(c -> {
      var profile = own(c, SecurityContext::getAppArmorProfile);
      return profile != null && "Unconfined".equals(profile.getType());
    }).map(Container::getName).toList();
    if (!bad.isEmpty()) {
      details.add(containers(bad) + " must not set securityContext.appArmorProfile.type to \"Unconfined\"");
    }
    if (annotations != null) {
      new TreeSet<>(annotations.keySet()).stream().filter(k -> k.startsWith(APPARMOR_ANNOTATION)).forEach(k -> {
        String value = annotations.get(k);
        if (!"runtime/default".equals(value) && (value == null || !value.startsWith("localhost/"))) {
          details.add(k + "=\"" + value + "\"");
        }
      });
    }
    if (!details.isEmpty()) {
      found.add(new Violation(details.size() == 1 ? "forbidden AppArmor profile" : "forbidden AppArmor profiles",
          String.join(", ", details)));
    }
  }

  private static void capabilitiesBaseline(List<Container> containers, List<Violation> found) {
    List<String> bad = new ArrayList<>();
    Set<String> added = new TreeSet<>();
    for (Container c : containers) {
      List<String> forbidden = adds(c).stream().filter(a -> !BASELINE_CAPABILITIES.contains(a)).toList();
      if (!forbidden.isEmpty()) {
        bad.add(c.getName());
        added.addAll(forbidden);
      }
    }
    if (!bad.isEmpty()) {
      found.add(new Violation("non-default capabilities", containers(bad) + " must not include " + quoted(added)
          + " in securityContext.capabilities.add"));
    }
  }

  private static void capabilitiesRestricted(List<Container> containers, List<Violation> found) {
    List<String> notDropping = new ArrayList<>();
    List<String> adding = new ArrayList<>();
    Set<String> added = new TreeSet<>();
    for (Container c : containers) {
      Capabilities caps = own(c, SecurityContext::getCapabilities);
      if (caps == null || caps.getDrop() == null || !caps.getDrop().contains("ALL")) {
        notDropping.add(c.getName());
      }
      List<String> forbidden = adds(c).stream().filter(a -> !"NET_BIND_SERVICE".equals(a)).toList();
      if (!forbidden.isEmpty()) {
        adding.add(c.getName());
        added.addAll(forbidden);
      }
    }
    List<String> details = new ArrayList<>();
    if (!notDropping.isEmpty()) {
      details.add(containers(notDropping) + " must set securityContext.capabilities.drop=[\"ALL\"]");
    }
    if (!adding.isEmpty()) {
      details.add(containers(adding) + " must not include " + quoted(added) + " in securityContext.capabilities.add");
    }
    if (!details.isEmpty()) {
      found.add(new Violation("unrestricted capabilities", String.join("; ", details)));
    }
  }

  private static List<String> adds(Container c) {
    Capabilities caps = own(c, SecurityContext::getCapabilities);
    return caps == null || caps.getAdd() == null ? List.of() : caps.getAdd();
  }

  private static void hostNamespaces(PodSpec spec, List<Violation> found) {
    List<String> set = new ArrayList<>();
    if (Boolean.TRUE.equals(spec.getHostNetwork())) {
      set.add("hostNetwork=true");
    }
    if (Boolean.TRUE.equals(spec.getHostPID())) {
      set.add("hostPID=true");
    }
    if (Boolean.TRUE.equals(spec.getHostIPC())) {
      set.add("hostIPC=true");
    }
    if (!set.isEmpty()) {
      found.add(new Violation("host namespaces", String.join(", ", set)));
    }
  }

  private static void hostPathVolumes(PodSpec spec, List<Violation> found) {
    List<String> bad = volumes(spec).stream().filter(v -> v.getHostPath() != null).map(Volume::getName).toList();
    if (!bad.isEmpty()) {
      found.add(new Violation("hostPath volumes", (bad.size() == 1 ? "volume " : "volumes ") + quoted(bad)));
    }
  }

  private static void hostPorts(List<Container> containers, List<Violation> found) {
    List<String> bad = new ArrayList<>();
    Set<Integer> ports = new TreeSet<>();
    for (Container c : containers) {
      List<Integer> used = c.getPorts() == null ? List.of() : c.getPorts().stream().map(ContainerPort::getHostPort)
          .filter(p -> p != null && p != 0).toList();
      if (!used.isEmpty()) {
        bad.add(c.getName());
        ports.addAll(used);
      }
    }
    if (!bad.isEmpty()) {
      found.add(new Violation("hostPort", containers(bad) + (bad.size() == 1 ? " uses " : " use ")
          + (ports.size() == 1 ? "hostPort " : "hostPorts ")
          + ports.stream().map(String::valueOf).collect(Collectors.joining(", "))));
    }
  }

  private static void hostProcess(PodSecurityContext pod, List<Container> containers, List<Violation> found) {
    List<String> setters = new ArrayList<>();
    var podWindows = podLevel(pod, PodSecurityContext::getWindowsOptions);
    if (podWindows != null && Boolean.TRUE.equals(podWindows.getHostProcess())) {
      setters.add("pod");
    }
    List<String> bad = containers.stream().filter(c -> {
      var windows = own(c, SecurityContext::getWindowsOptions);
      return windows != null && Boolean.TRUE.equals(windows.getHostProcess());
    }).map(Container::getName).toList();
    if (!bad.isEmpty()) {
      setters.add(containers(bad));
    }
    if (!setters.isEmpty()) {
      found.add(new Violation("hostProcess", String.join(" and ", setters)
          + " must not set securityContext.windowsOptions.hostProcess=true"));
    }
  }

  private static void privileged(List<Container> containers, List<Violation> found) {
    List<String> bad = containers.stream().filter(c -> Boolean.TRUE.equals(own(c, SecurityContext::getPrivileged)))
        .map(Container::getName).toList();
    if (!bad.isEmpty()) {
      found.add(new Violation("privileged", containers(bad) + " must not set securityContext.privileged=true"));
    }
  }

  private static void procMount(List<Container> containers, List<Violation> found) {
    List<String> bad = new ArrayList<>();
    Set<String> values = new TreeSet<>();
    for (Container c : containers) {
      String mount = own(c, SecurityContext::getProcMount);
      if (mount != null && !"Default".equals(mount)) {
        bad.add(c.getName());
        values.add(mount);
      }
    }
    if (!bad.isEmpty()) {
      found.add(new Violation("procMount", containers(bad) + " must not set securityContext.procMount to "
          + quoted(values)));
    }
  }

  private static void restrictedVolumes(PodSpec spec, List<Violation> found) {
    List<String> bad = new ArrayList<>();
    Set<String> types = new TreeSet<>();
    for (Volume volume : volumes(spec)) {
      Map<String, Object> fields = Serialization.jsonMapper().convertValue(volume, Map.class);
      fields.keySet().stream().filter(k -> !"name".equals(k) && fields.get(k) != null)
          .filter(k -> !RESTRICTED_VOLUMES.contains(k)).forEach(k -> {
            types.add(k);
            if (!bad.contains(volume.getName())) {
              bad.add(volume.getName());
            }
          });
    }
    if (!bad.isEmpty()) {
      found.add(new Violation("restricted volume types", (bad.size() == 1 ? "volume " : "volumes ") + quoted(bad)
          + (bad.size() == 1 ? " uses " : " use ") + (types.size() == 1 ? "restricted volume type " : "restricted "
          + "volume types ") + quoted(types)));
    }
  }

  private static void runAsNonRoot(PodSecurityContext pod, List<Container> containers, List<Violation> found) {
    List<String> details = new ArrayList<>();
    Boolean podValue = podLevel(pod, PodSecurityContext::getRunAsNonRoot);
    if (Boolean.FALSE.equals(podValue)) {
      details.add("pod must not set securityContext.runAsNonRoot=false");
    }
    List<String> explicit = new ArrayList<>();
    List<String> implicit = new ArrayList<>();
    for (Container c : containers) {
      Boolean value = own(c, SecurityContext::getRunAsNonRoot);
      if (Boolean.FALSE.equals(value)) {
        explicit.add(c.getName());
      } else if (value == null && !Boolean.TRUE.equals(podValue)) {
        implicit.add(c.getName());
      }
    }
    if (!explicit.isEmpty()) {
      details.add(containers(explicit) + " must not set securityContext.runAsNonRoot=false");
    }
    if (!implicit.isEmpty()) {
      details.add("pod or " + containers(implicit) + " must set securityContext.runAsNonRoot=true");
    }
    if (!details.isEmpty()) {
      found.add(new Violation("runAsNonRoot != true", String.join("; ", details)));
    }
  }

  private static void runAsUser(PodSecurityContext pod, List<Container> containers, List<Violation> found) {
    List<String> details = new ArrayList<>();
    Long podUser = podLevel(pod, PodSecurityContext::getRunAsUser);
    if (podUser != null && podUser == 0) {
      details.add("pod must not set runAsUser=0");
    }
    List<String> bad = containers.stream().filter(c -> {
      Long user = own(c, SecurityContext::getRunAsUser);
      return user != null && user == 0;
    }).map(Container::getName).toList();
    if (!bad.isEmpty()) {
      details.add(containers(bad) + " must not set runAsUser=0");
    }
    if (!details.isEmpty()) {
      found.add(new Violation("runAsUser=0", String.join("; ", details)));
    }
  }

  private static void seLinux(PodSecurityContext pod, List<Container> containers, List<Violation> found) {
    Set<String> types = new TreeSet<>();
    Set<String> users = new TreeSet<>();
    Set<String> roles = new TreeSet<>();
    List<String> setters = new ArrayList<>();
    if (badSeLinux(podLevel(pod, PodSecurityContext::getSeLinuxOptions), types, users, roles)) {
      setters.add("pod");
    }
    List<String> bad = containers.stream()
        .filter(c -> badSeLinux(own(c, SecurityContext::getSeLinuxOptions), types, users, roles))
        .map(Container::getName).toList();
    if (!bad.isEmpty()) {
      setters.add(containers(bad));
    }
    if (!setters.isEmpty()) {
      List<String> data = new ArrayList<>();
      if (!types.isEmpty()) {
        data.add((types.size() == 1 ? "type " : "types ") + quoted(types));
      }
      if (!users.isEmpty()) {
        data.add((users.size() == 1 ? "user " : "users ") + quoted(users));
      }
      if (!roles.isEmpty()) {
        data.add((roles.size() == 1 ? "role " : "roles ") + quoted(roles));
      }
      found.add(new Violation("seLinuxOptions", String.join(" and ", setters)
          + " set forbidden securityContext.seLinuxOptions: " + String.join("; ", data)));
    }
  }

  private static boolean badSeLinux(SELinuxOptions options, Set<String> types, Set<String> users,
      Set<String> roles) {
    if (options == null) {
      return false;
    }
    boolean bad = false;
    if (options.getType() != null && !SELINUX_TYPES.contains(options.getType())) {
      types.add(options.getType());
      bad = true;
    }
    if (options.getUser() != null && !options.getUser().isEmpty()) {
      users.add(options.getUser());
      bad = true;
    }
    if (options.getRole() != null && !options.getRole().isEmpty()) {
      roles.add(options.getRole());
      bad = true;
    }
    return bad;
  }

  private static void seccomp(PodSecurityContext pod, List<Container> containers, boolean restricted,
      List<Violation> found) {
    List<String> details = new ArrayList<>();
    String podType = type(podLevel(pod, PodSecurityContext::getSeccompProfile));
    boolean podValid = "RuntimeDefault".equals(podType) || "Localhost".equals(podType);
    if (podType != null && (restricted ? !podValid : "Unconfined".equals(podType))) {
      details.add("pod must not set securityContext.seccompProfile.type to \"" + podType + "\"");
    }
    List<String> explicit = new ArrayList<>();
    Set<String> explicitTypes = new TreeSet<>();
    List<String> implicit = new ArrayList<>();
    for (Container c : containers) {
      String type = type(own(c, SecurityContext::getSeccompProfile));
      boolean valid = "RuntimeDefault".equals(type) || "Localhost".equals(type);
      if (type != null && (restricted ? !valid : "Unconfined".equals(type))) {
        explicit.add(c.getName());
        explicitTypes.add(type);
      } else if (restricted && type == null && !podValid) {
        implicit.add(c.getName());
      }
    }
    if (!explicit.isEmpty()) {
      details.add(containers(explicit) + " must not set securityContext.seccompProfile.type to "
          + quoted(explicitTypes));
    }
    if (!implicit.isEmpty()) {
      details.add("pod or " + containers(implicit)
          + " must set securityContext.seccompProfile.type to \"RuntimeDefault\" or \"Localhost\"");
    }
    if (!details.isEmpty()) {
      found.add(new Violation("seccompProfile", String.join("; ", details)));
    }
  }

  private static String type(SeccompProfile profile) {
    return profile == null ? null : profile.getType();
  }

  private static void sysctls(PodSecurityContext pod, List<Violation> found) {
    List<Sysctl> sysctls = podLevel(pod, PodSecurityContext::getSysctls);
    List<String> bad = sysctls == null ? List.of() : sysctls.stream().map(Sysctl::getName)
        .filter(n -> !SAFE_SYSCTLS.contains(n)).toList();
    if (!bad.isEmpty()) {
      found.add(new Violation("forbidden sysctls", String.join(", ", bad)));
    }
  }

  private static List<Volume> volumes(PodSpec spec) {
    return spec.getVolumes() == null ? List.of() : spec.getVolumes();
  }

  /** {@code container "a"} or {@code containers "a", "b"}. */
  private static String containers(List<String> names) {
    return (names.size() == 1 ? "container " : "containers ") + quoted(names);
  }

  private static String quoted(java.util.Collection<String> values) {
    return values.stream().map(v -> "\"" + v + "\"").collect(Collectors.joining(", "));
  }
}
