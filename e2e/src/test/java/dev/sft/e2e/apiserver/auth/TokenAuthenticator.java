package dev.sft.e2e.apiserver.auth;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Bearer tokens to identities: the admin token of the suite's kubeconfig, and one token per service account, issued
 * when the simulated kubelet mounts it into a pod (a real kubelet asks the TokenRequest API). A request without an
 * Authorization header is anonymous; one with a token nobody issued is unauthorized (401), as on a real API server.
 */
public final class TokenAuthenticator {

  private final SecureRandom random = new SecureRandom();
  private final Map<String, UserInfo> byToken = new ConcurrentHashMap<>();
  private final Map<String, String> serviceAccountTokens = new ConcurrentHashMap<>();

  /** The outcome: an identity, or none (the request is refused with 401). */
  public record Authentication(Optional<UserInfo> user) {
    public boolean unauthorized() {
      return user.isEmpty();
    }
  }

  /** Issues a new admin token (a member of system:masters). */
  public String issueAdminToken() {
    String token = newToken("admin");
    byToken.put(token, UserInfo.admin());
    return token;
  }

  /** The token of service account NAMESPACE/NAME, the same one for every pod that runs as it. */
  public String serviceAccountToken(String namespace, String name) {
    return serviceAccountTokens.computeIfAbsent(namespace + "/" + name, key -> {
      String token = newToken("sa");
      byToken.put(token, UserInfo.serviceAccount(namespace, name));
      return token;
    });
  }

  /** @param authorization the request's Authorization header, or null */
  public Authentication authenticate(String authorization) {
    if (authorization == null || authorization.isBlank()) {
      return new Authentication(Optional.of(UserInfo.ANONYMOUS));
    }
    String[] parts = authorization.trim().split("\\s+", 2);
    if (parts.length != 2 || !parts[0].equalsIgnoreCase("Bearer")) {
      return new Authentication(Optional.empty());
    }
    return new Authentication(Optional.ofNullable(byToken.get(parts[1].trim())));
  }

  private String newToken(String kind) {
    byte[] bytes = new byte[24];
    random.nextBytes(bytes);
    return "sft-e2e-" + kind + "-" + HexFormat.of().formatHex(bytes);
  }
}
