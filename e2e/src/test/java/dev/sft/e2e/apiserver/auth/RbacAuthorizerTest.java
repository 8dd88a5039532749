package dev.sft.e2e.apiserver.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** RBAC decisions over stored objects, case by case from kubernetes.io "Using RBAC Authorization". */
class RbacAuthorizerTest {

  private static final UserInfo SA = UserInfo.serviceAccount("team", "runner");

  private final InMemoryRbac rbac = InMemoryRbac.withBootstrapPolicy();
  private final RbacAuthorizer authorizer = new RbacAuthorizer(rbac);

  private boolean allowed(UserInfo user, String method, String path, String... query) {
    Map<String, String> params = query.length == 0 ? Map.of() : Map.of(query[0], query[1]);
    return authorizer.authorize(RequestAttributes.resolve(user, method, path, params)).allowed();
  }

  private void roleAndBinding(String namespace, String rules) {
    rbac.add("""
        kind: Role
        metadata: {name: r, namespace: %s}
        rules:
        %s
        ---
        kind: RoleBinding
        metadata: {name: r, namespace: %s}
        roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: r}
        subjects: [{kind: ServiceAccount, name: runner, namespace: team}]
        """.formatted(namespace, rules, namespace));
  }

  @Test
  void nothingIsAllowedWithoutABindingButDiscoveryIsForEveryAuthenticatedUser() {
    assertThat(allowed(SA, "GET", "/api/v1/namespaces/team/pods")).isFalse();
    assertThat(allowed(SA, "GET", "/api")).isTrue();
    assertThat(allowed(SA, "GET", "/apis/apps/v1")).isTrue();
    assertThat(allowed(SA, "GET", "/openapi/v3/apis/apps/v1")).isTrue();
    assertThat(allowed(SA, "GET", "/version")).isTrue();
    assertThat(allowed(SA, "GET", "/metrics")).as("not among the discovery URLs").isFalse();
    assertThat(allowed(UserInfo.ANONYMOUS, "GET", "/version")).isTrue();
    assertThat(allowed(UserInfo.ANONYMOUS, "GET", "/api")).as("discovery is for authenticated users only")
        .isFalse();
    assertThat(allowed(UserInfo.admin(), "DELETE", "/api/v1/namespaces/kube-system")).isTrue();
  }

  @Test
  void aRoleGrantsItsVerbsOnItsResourcesInItsNamespaceOnly() {
    roleAndBinding("team", "- {apiGroups: [''], resources: [pods], verbs: [get, list, watch]}");
    assertThat(allowed(SA, "GET", "/api/v1/namespaces/team/pods")).isTrue();
    assertThat(allowed(SA, "GET", "/api/v1/namespaces/team/pods", "watch", "true")).isTrue();
    assertThat(allowed(SA, "GET", "/api/v1/namespaces/team/pods/p")).isTrue();
    assertThat(allowed(SA, "DELETE", "/api/v1/namespaces/team/pods/p")).isFalse();
    assertThat(allowed(SA, "GET", "/api/v1/namespaces/other/pods")).isFalse();
    assertThat(allowed(SA, "GET", "/api/v1/pods")).as("all namespaces is cluster scope").isFalse();
    assertThat(allowed(SA, "GET", "/apis/apps/v1/namespaces/team/pods")).as("another API group").isFalse();
    assertThat(allowed(SA, "GET", "/api/v1/namespaces/team/pods/p/log")).as("a subresource needs its own rule")
        .isFalse();
    assertThat(allowed(UserInfo.serviceAccount("other", "runner"), "GET", "/api/v1/namespaces/team/pods"))
        .as("a service account of the same name in another namespace").isFalse();
  }

  @Test
  void subresourcesMatchByNameOrByStarSlashSubresource() {
    roleAndBinding("team", """
        - {apiGroups: [''], resources: [pods/exec], verbs: [create]}
        - {apiGroups: ['*'], resources: ['*/status'], verbs: [update, patch]}
        - {apiGroups: [apps], resources: [deployments/scale], verbs: [patch]}""");
    assertThat(allowed(SA, "POST", "/api/v1/namespaces/team/pods/p/exec")).isTrue();
    assertThat(allowed(SA, "GET", "/api/v1/namespaces/team/pods/p/exec")).as("get is another verb").isFalse();
    assertThat(allowed(SA, "POST", "/api/v1/namespaces/team/pods")).as("pods/exec is not pods").isFalse();
    assertThat(allowed(SA, "PATCH", "/apis/sft.dev/v1/namespaces/team/schedulerfailuretests/t/status")).isTrue();
    assertThat(allowed(SA, "PUT", "/apis/apps/v1/namespaces/team/statefulsets/s/status")).isTrue();
    assertThat(allowed(SA, "PATCH", "/apis/apps/v1/namespaces/team/statefulsets/s")).as("*/status is no main resource")
        .isFalse();
    assertThat(allowed(SA, "PATCH", "/apis/apps/v1/namespaces/team/deployments/d/scale")).isTrue();
    assertThat(allowed(SA, "PATCH", "/apis/apps/v1/namespaces/team/deployments/d")).isFalse();
  }

  @Test
  void resourceNamesAllowOnlyRequestsThatNameOneOfThem() {
    roleAndBinding("team", "- {apiGroups: [''], resources: [pods, pods/exec], resourceNames: [w-0], "
        + "verbs: [get, list, watch, create, delete, deletecollection]}");
    assertThat(allowed(SA, "GET", "/api/v1/namespaces/team/pods/w-0")).isTrue();
    assertThat(allowed(SA, "POST", "/api/v1/namespaces/team/pods/w-0/exec")).isTrue();
    assertThat(allowed(SA, "GET", "/api/v1/namespaces/team/pods/w-1")).isFalse();
    assertThat(allowed(SA, "POST", "/api/v1/namespaces/team/pods/w-1/exec")).isFalse();
    assertThat(allowed(SA, "GET", "/api/v1/namespaces/team/pods")).as("a list names no object").isFalse();
    assertThat(allowed(SA, "GET", "/api/v1/namespaces/team/pods", "watch", "1")).isFalse();
    assertThat(allowed(SA, "POST", "/api/v1/namespaces/team/pods")).as("a create names no object").isFalse();
    assertThat(allowed(SA, "DELETE", "/api/v1/namespaces/team/pods")).as("deletecollection").isFalse();
    assertThat(allowed(SA, "GET", "/api/v1/namespaces/team/pods", "fieldSelector", "metadata.name=w-0"))
        .as("a list by metadata.name field selector names it").isTrue();
    assertThat(allowed(SA, "GET", "/api/v1/namespaces/team/pods", "fieldSelector", "metadata.name=w-1")).isFalse();
  }

  @Test
  void starVerbsAndGroupsMatchEverything() {
    roleAndBinding("team", "- {apiGroups: ['*'], resources: [jobs], verbs: ['*']}");
    assertThat(allowed(SA, "DELETE", "/apis/batch/v1/namespaces/team/jobs")).isTrue();
    assertThat(allowed(SA, "PATCH", "/apis/example.com/v1/namespaces/team/jobs/j")).isTrue();
    assertThat(allowed(SA, "GET", "/apis/batch/v1/namespaces/team/cronjobs")).isFalse();
  }

  @Test
  void aClusterRoleGrantsEverywhereThroughAClusterRoleBindingButOnlyInTheNamespaceOfARoleBinding() {
    rbac.add("""
        kind: ClusterRole
        metadata: {name: pod-reader}
        rules: [{apiGroups: [''], resources: [pods], verbs: [list]}]
        ---
        kind: RoleBinding
        metadata: {name: read, namespace: team}
        roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: pod-reader}
        subjects: [{kind: ServiceAccount, name: runner}]
        """);
    assertThat(allowed(SA, "GET", "/api/v1/namespaces/team/pods")).as("subject namespace defaults to the binding's")
        .isTrue();
    assertThat(allowed(SA, "GET", "/api/v1/namespaces/other/pods")).isFalse();
    assertThat(allowed(SA, "GET", "/api/v1/pods")).isFalse();
    rbac.add("""
        kind: ClusterRoleBinding
        metadata: {name: read-all}
        roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: pod-reader}
        subjects: [{kind: Group, name: 'system:serviceaccounts:team'}]
        """);
    assertThat(allowed(SA, "GET", "/api/v1/namespaces/other/pods")).isTrue();
    assertThat(allowed(SA, "GET", "/api/v1/pods")).isTrue();
  }

  @Test
  void usersAndGroupsAreSubjectsByName() {
    rbac.add("""
        kind: ClusterRole
        metadata: {name: ns-reader}
        rules: [{apiGroups: [''], resources: [namespaces], verbs: [get]}]
        ---
        kind: ClusterRoleBinding
        metadata: {name: ns-reader}
        roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: ns-reader}
        subjects: [{kind: User, name: alice}, {kind: Group, name: readers}]
        """);
    assertThat(allowed(new UserInfo("alice", java.util.List.of()), "GET", "/api/v1/namespaces/x")).isTrue();
    assertThat(allowed(new UserInfo("bob", java.util.List.of("readers")), "GET", "/api/v1/namespaces/x")).isTrue();
    assertThat(allowed(new UserInfo("bob", java.util.List.of()), "GET", "/api/v1/namespaces/x")).isFalse();
  }

  @Test
  void anAggregatedClusterRoleHasTheRulesOfTheRolesItSelects() {
    rbac.add("""
        kind: ClusterRole
        metadata: {name: monitoring}
        aggregationRule:
          clusterRoleSelectors: [{matchLabels: {example.com/aggregate-to-monitoring: 'true'}}]
        rules: []
        ---
        kind: ClusterRole
        metadata: {name: endpoints-reader, labels: {example.com/aggregate-to-monitoring: 'true'}}
        rules: [{apiGroups: [''], resources: [endpoints], verbs: [list]}]
        ---
        kind: ClusterRoleBinding
        metadata: {name: monitoring}
        roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: monitoring}
        subjects: [{kind: ServiceAccount, name: runner, namespace: team}]
        """);
    assertThat(allowed(SA, "GET", "/api/v1/namespaces/x/endpoints")).isTrue();
    assertThat(allowed(SA, "GET", "/api/v1/namespaces/x/services")).isFalse();
  }

  @Test
  void aBindingToAMissingRoleIsNamedInTheReason() {
    rbac.add("""
        kind: RoleBinding
        metadata: {name: dangling, namespace: team}
        roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: gone}
        subjects: [{kind: ServiceAccount, name: runner}]
        """);
    RbacAuthorizer.Decision decision = authorizer.authorize(
        RequestAttributes.resolve(SA, "GET", "/api/v1/namespaces/team/pods", Map.of()));
    assertThat(decision.allowed()).isFalse();
    assertThat(decision.reason()).isEqualTo("RBAC: role.rbac.authorization.k8s.io \"gone\" not found");
  }
}
