package dev.sft.e2e.apiserver.auth;

import java.util.List;

/**
 * Who a request comes from, as Kubernetes' authenticators name it: a user name and its groups. A service account is
 * {@code system:serviceaccount:NS:NAME} in {@code system:serviceaccounts}, {@code system:serviceaccounts:NS} and
 * {@code system:authenticated}.
 */
public record UserInfo(String name, List<String> groups) {

  public static final String AUTHENTICATED = "system:authenticated";
  public static final String UNAUTHENTICATED = "system:unauthenticated";
  /** Kubernetes' privileged group: every request of its members is allowed, RBAC or not. */
  public static final String MASTERS = "system:masters";
  private static final String SERVICE_ACCOUNT_PREFIX = "system:serviceaccount:";

  /** A request without credentials (kube-apiserver's default {@code --anonymous-auth=true}). */
  public static final UserInfo ANONYMOUS = new UserInfo("system:anonymous", List.of(UNAUTHENTICATED));

  public UserInfo {
    groups = List.copyOf(groups);
  }

  public static UserInfo serviceAccount(String namespace, String name) {
    return new UserInfo(SERVICE_ACCOUNT_PREFIX + namespace + ":" + name,
        List.of("system:serviceaccounts", "system:serviceaccounts:" + namespace, AUTHENTICATED));
  }

  /** The suite's kubectl and helm: a member of system:masters, as kind's and kubeadm's admin.conf user is. */
  public static UserInfo admin() {
    return new UserInfo("kubernetes-admin", List.of(MASTERS, AUTHENTICATED));
  }

  public boolean inGroup(String group) {
    return groups.contains(group);
  }

  /** Whether this is the service account NAME in NAMESPACE (an RBAC subject of kind ServiceAccount). */
  public boolean isServiceAccount(String namespace, String accountName) {
    return name.equals(SERVICE_ACCOUNT_PREFIX + namespace + ":" + accountName);
  }
}
