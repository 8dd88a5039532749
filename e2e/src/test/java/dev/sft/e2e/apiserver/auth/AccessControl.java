package dev.sft.e2e.apiserver.auth;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What kube-apiserver does to a request before it reaches a handler: authentication (bearer token), then RBAC
 * authorization of its attributes. Role and binding writes are checked again for escalation once the object they
 * would store is known ({@link #checkWrite}).
 */
public final class AccessControl {

  private final TokenAuthenticator tokens;
  private final RbacAuthorizer authorizer;
  private final EscalationCheck escalation;

  public AccessControl(TokenAuthenticator tokens, RbacObjects objects) {
    this.tokens = tokens;
    this.authorizer = new RbacAuthorizer(objects);
    this.escalation = new EscalationCheck(authorizer);
  }

  /** Admitted with the request's attributes, or refused with an HTTP code and a Status body. */
  public record Ruling(Optional<RequestAttributes> admitted, int code, String body) {
    static Ruling admit(RequestAttributes request) {
      return new Ruling(Optional.of(request), 200, "");
    }

    static Ruling refuse(int code, String body) {
      return new Ruling(Optional.empty(), code, body);
    }
  }

  /**
   * @param query the first value of each query parameter
   * @param authorization the Authorization header, or null
   * @param webSocketUpgrade whether the request asks to become a WebSocket
   */
  public Ruling admit(String method, String path, Map<String, String> query, String authorization,
      boolean webSocketUpgrade) {
    TokenAuthenticator.Authentication authentication = tokens.authenticate(authorization);
    if (authentication.unauthorized()) {
      return Ruling.refuse(401, DeniedStatus.unauthorized());
    }
    RequestAttributes request = RequestAttributes.resolve(authentication.user().get(), method, path, query);
    RbacAuthorizer.Decision decision = authorizer.authorize(request);
    if (!decision.allowed()) {
      return Ruling.refuse(403, DeniedStatus.forbidden(request, decision.reason()));
    }
    // Kubernetes 1.35+ (feature gate AuthorizePodWebsocketUpgradeCreatePermission, on by default): a WebSocket GET of
    // pods/exec, attach or portforward must also be allowed to create it, as the POST that SPDY clients send is.
    if (webSocketUpgrade && request.verb().equals("get") && request.resource().equals("pods")
        && List.of("exec", "attach", "portforward").contains(request.subresource())) {
      RequestAttributes create = request.withVerb("create");
      RbacAuthorizer.Decision createDecision = authorizer.authorize(create);
      if (!createDecision.allowed()) {
        return Ruling.refuse(403, DeniedStatus.forbidden(create, createDecision.reason()));
      }
    }
    return Ruling.admit(request);
  }

  /** The status of a {@code SelfSubjectRulesReview} the admitted user created ({@link SelfSubjectRulesReview}). */
  public String reviewRules(RequestAttributes request, JsonNode review) {
    return SelfSubjectRulesReview.answer(review, request.user(), authorizer).toString();
  }

  /** Whether {@link #checkWrite} must see the object this admitted request would store. */
  public boolean guardsWrite(RequestAttributes request) {
    return EscalationCheck.guards(request);
  }

  /** The escalation check of a role or binding write: a 403 Status body, or empty to go ahead. */
  public Optional<String> checkWrite(RequestAttributes request, JsonNode written) {
    return escalation.check(request, written);
  }
}
