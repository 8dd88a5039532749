package dev.sft.e2e.apiserver.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The 401 and 403 bodies, byte for byte as kube-apiserver writes them. */
class DeniedStatusTest {

  private static final UserInfo SA = UserInfo.serviceAccount("ns", "sa");

  @Test
  void namespacedObject() {
    assertThat(DeniedStatus.forbidden(RequestAttributes.resolve(SA, "POST", "/api/v1/namespaces/ns/pods/w-0/exec",
        Map.of()), "")).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
        + "\"message\":\"pods \\\"w-0\\\" is forbidden: User \\\"system:serviceaccount:ns:sa\\\" cannot create resource "
        + "\\\"pods/exec\\\" in API group \\\"\\\" in the namespace \\\"ns\\\"\",\"reason\":\"Forbidden\","
        + "\"details\":{\"name\":\"w-0\",\"kind\":\"pods\"},\"code\":403}");
  }

  @Test
  void collectionOfAGroupAtClusterScopeWithTheAuthorizersReason() {
    assertThat(DeniedStatus.forbidden(RequestAttributes.resolve(SA, "GET", "/apis/apps/v1/statefulsets",
        Map.of("watch", "true")), "RBAC: role.rbac.authorization.k8s.io \"x\" not found"))
        .isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
        + "\"message\":\"statefulsets.apps is forbidden: User \\\"system:serviceaccount:ns:sa\\\" cannot watch "
        + "resource \\\"statefulsets\\\" in API group \\\"apps\\\" at the cluster scope: RBAC: "
        + "role.rbac.authorization.k8s.io \\\"x\\\" not found\",\"reason\":\"Forbidden\","
        + "\"details\":{\"group\":\"apps\",\"kind\":\"statefulsets\"},\"code\":403}");
  }

  @Test
  void nonResourcePathAndUnauthorized() {
    assertThat(DeniedStatus.forbidden(RequestAttributes.resolve(UserInfo.ANONYMOUS, "GET", "/api", Map.of()), ""))
        .isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
            + "\"message\":\"forbidden: User \\\"system:anonymous\\\" cannot get path \\\"/api\\\"\","
            + "\"reason\":\"Forbidden\",\"details\":{},\"code\":403}");
    assertThat(DeniedStatus.unauthorized()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},"
        + "\"status\":\"Failure\",\"message\":\"Unauthorized\",\"reason\":\"Unauthorized\",\"code\":401}");
  }
}
