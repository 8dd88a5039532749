package dev.sft.e2e.apiserver.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** RBAC's escalation prevention on role and binding writes. */
class EscalationCheckTest {

  private static final UserInfo SA = UserInfo.serviceAccount("team", "controller");
  private static final String ROLES = "/apis/rbac.authorization.k8s.io/v1/namespaces/team/roles";
  private static final String BINDINGS = "/apis/rbac.authorization.k8s.io/v1/namespaces/team/rolebindings";

  private final InMemoryRbac rbac = InMemoryRbac.withBootstrapPolicy().add("""
      kind: Role
      metadata: {name: controller, namespace: team}
      rules:
      - {apiGroups: [rbac.authorization.k8s.io], resources: [roles, rolebindings], verbs: [create, update, patch]}
      - {apiGroups: [''], resources: [pods], verbs: [get, list, watch]}
      ---
      kind: RoleBinding
      metadata: {name: controller, namespace: team}
      roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: controller}
      subjects: [{kind: ServiceAccount, name: controller}]
      """);
  private final EscalationCheck check = new EscalationCheck(new RbacAuthorizer(rbac));

  private Optional<String> write(UserInfo user, String method, String path, String yaml) throws Exception {
    JsonNode object = new YAMLMapper().readTree(yaml);
    RequestAttributes request = RequestAttributes.resolve(user, method, path, Map.of());
    assertThat(EscalationCheck.guards(request)).isTrue();
    return check.check(request, object);
  }

  private static String message(Optional<String> status) throws Exception {
    assertThat(status).as("a refusal").isPresent();
    return new YAMLMapper().readTree(status.get()).path("message").asText();
  }

  @Test
  void aRoleMayGrantWhatItsCreatorHoldsAndNoMore() throws Exception {
    assertThat(write(SA, "POST", ROLES, """
        kind: Role
        metadata: {name: harness}
        rules: [{apiGroups: [''], resources: [pods], verbs: [get, watch]}]""")).isEmpty();
    Optional<String> refused = write(SA, "POST", ROLES, """
        kind: Role
        metadata: {name: harness}
        rules:
        - {apiGroups: [''], resources: [pods], verbs: [get, list]}
        - {apiGroups: [''], resources: [pods/exec], resourceNames: [w-0, w-1], verbs: [create, get]}""");
    assertThat(refused).isPresent();
    JsonNode status = new YAMLMapper().readTree(refused.get());
    assertThat(status.path("code").asInt()).isEqualTo(403);
    assertThat(status.path("reason").asText()).isEqualTo("Forbidden");
    assertThat(status.path("message").asText()).isEqualTo("roles.rbac.authorization.k8s.io \"harness\" is forbidden: "
        + "user \"system:serviceaccount:team:controller\" (groups=[\"system:serviceaccounts\" "
        + "\"system:serviceaccounts:team\" \"system:authenticated\"]) is attempting to grant RBAC permissions not "
        + "currently held:\n"
        + "{APIGroups:[\"\"], Resources:[\"pods/exec\"], ResourceNames:[\"w-0\"], Verbs:[\"create\" \"get\"]}\n"
        + "{APIGroups:[\"\"], Resources:[\"pods/exec\"], ResourceNames:[\"w-1\"], Verbs:[\"create\" \"get\"]}");
    assertThat(status.path("details").path("group").asText()).isEqualTo("rbac.authorization.k8s.io");
    assertThat(status.path("details").path("kind").asText()).isEqualTo("roles");
    assertThat(status.path("details").path("name").asText()).isEqualTo("harness");
  }

  @Test
  void holdingTheRuleWithoutNamesCoversAnyNamesButNotTheOtherWayRound() throws Exception {
    rbac.add("""
        kind: Role
        metadata: {name: exec, namespace: team}
        rules: [{apiGroups: [''], resources: [pods/exec], verbs: [create, get]}, {apiGroups: [''], resources: [secrets],
          resourceNames: [one], verbs: [get]}]
        ---
        kind: RoleBinding
        metadata: {name: exec, namespace: team}
        roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: exec}
        subjects: [{kind: ServiceAccount, name: controller}]
        """);
    assertThat(write(SA, "PUT", ROLES + "/harness", """
        kind: Role
        metadata: {name: harness}
        rules: [{apiGroups: [''], resources: [pods/exec], resourceNames: [w-0], verbs: [create, get]}]""")).isEmpty();
    assertThat(write(SA, "PATCH", ROLES + "/harness", """
        kind: Role
        metadata: {name: harness}
        rules: [{apiGroups: [''], resources: [secrets], verbs: [get]}]""")).isPresent();
  }

  @Test
  void escalateOnRolesOrSystemMastersSkipsTheCheck() throws Exception {
    String wide = """
        kind: Role
        metadata: {name: wide}
        rules: [{apiGroups: ['*'], resources: ['*'], verbs: ['*']}]""";
    assertThat(write(UserInfo.admin(), "POST", ROLES, wide)).isEmpty();
    assertThat(write(SA, "POST", ROLES, wide)).isPresent();
    rbac.add("""
        kind: Role
        metadata: {name: escalate, namespace: team}
        rules: [{apiGroups: [rbac.authorization.k8s.io], resources: [roles], verbs: [escalate]}]
        ---
        kind: RoleBinding
        metadata: {name: escalate, namespace: team}
        roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: escalate}
        subjects: [{kind: ServiceAccount, name: controller}]
        """);
    assertThat(write(SA, "POST", ROLES, wide)).isEmpty();
  }

  @Test
  void aBindingNeedsTheBoundRolesPermissionsOrBindOnIt() throws Exception {
    rbac.add("""
        kind: Role
        metadata: {name: reader, namespace: team}
        rules: [{apiGroups: [''], resources: [pods], verbs: [list]}]
        """);
    assertThat(write(SA, "POST", BINDINGS, """
        kind: RoleBinding
        metadata: {name: reader}
        roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: reader}
        subjects: [{kind: ServiceAccount, name: harness}]""")).isEmpty();
    String admin = """
        kind: RoleBinding
        metadata: {name: admin}
        roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: cluster-admin}
        subjects: [{kind: ServiceAccount, name: harness}]""";
    assertThat(message(write(SA, "POST", BINDINGS, admin))).endsWith("is attempting to grant RBAC permissions not "
        + "currently held:\n{APIGroups:[\"*\"], Resources:[\"*\"], Verbs:[\"*\"]}\n{NonResourceURLs:[\"*\"], "
        + "Verbs:[\"*\"]}");
    Optional<String> missing = write(SA, "POST", BINDINGS, """
        kind: RoleBinding
        metadata: {name: gone}
        roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: gone}
        subjects: [{kind: ServiceAccount, name: harness}]""");
    assertThat(message(missing)).isEqualTo("rolebindings.rbac.authorization.k8s.io \"gone\" is forbidden: "
        + "role.rbac.authorization.k8s.io \"gone\" not found");
    rbac.add("""
        kind: Role
        metadata: {name: bind, namespace: team}
        rules: [{apiGroups: [rbac.authorization.k8s.io], resources: [clusterroles], resourceNames: [cluster-admin],
          verbs: [bind]}]
        ---
        kind: RoleBinding
        metadata: {name: bind, namespace: team}
        roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: bind}
        subjects: [{kind: ServiceAccount, name: controller}]
        """);
    assertThat(write(SA, "POST", BINDINGS, admin)).isEmpty();
  }
}
