package dev.sft.e2e.apiserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sft.e2e.apiserver.exec.RecordingExecBackend;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.authorization.v1.ResourceRule;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectRulesReviewBuilder;
import io.fabric8.kubernetes.api.model.authorization.v1.SubjectRulesReviewStatus;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.jdkhttp.JdkHttpClientFactory;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stand-in authenticates and authorises over HTTP as kube-apiserver does: 401 for a token nobody issued, RBAC for
 * service accounts (the 403 Status byte for byte), discovery for every authenticated user, and the escalation check
 * on role writes, seen by raw HTTP and by the fabric8 client the controller and harness use.
 */
class AccessControlAgainstStandInTest {

  @TempDir
  static Path work;
  private static ApiServerStandIn standIn;
  private static KubernetesClient admin;
  private static HttpClient http;
  private static final RecordingExecBackend EXEC = new RecordingExecBackend();

  @BeforeAll
  static void start() throws Exception {
    standIn = ApiServerStandIn.start(work.resolve("apiserver"), EXEC);
    admin = client(standIn.token());
    for (String ns : new String[] {"team", "other"}) {
      admin.namespaces().resource(new io.fabric8.kubernetes.api.model.NamespaceBuilder().withNewMetadata()
          .withName(ns).endMetadata().build()).create();
      admin.pods().inNamespace(ns).resource(new PodBuilder().withNewMetadata().withName("w-0").endMetadata()
          .withNewSpec().addNewContainer().withName("spark").withImage("x").endContainer().endSpec().build())
          .create();
    }
    KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
    trust.load(null, null);
    trust.setCertificateEntry("ca", CertificateFactory.getInstance("X.509").generateCertificate(
        new ByteArrayInputStream(standIn.caPem().getBytes(StandardCharsets.US_ASCII))));
    TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    factory.init(trust);
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(null, factory.getTrustManagers(), null);
    http = HttpClient.newBuilder().sslContext(tls).connectTimeout(Duration.ofSeconds(10)).build();
  }

  @AfterAll
  static void stop() {
    if (admin != null) {
      admin.close();
    }
    if (standIn != null) {
      standIn.close();
    }
  }

  private static KubernetesClient client(String token) throws Exception {
    Config config = Config.fromKubeconfig(Files.readString(standIn.kubeconfigPath()));
    config.setOauthToken(token);
    return new KubernetesClientBuilder().withConfig(config).withHttpClientFactory(new JdkHttpClientFactory()).build();
  }

  private static HttpResponse<String> get(String path, String token) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(standIn.url() + path)).GET();
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static HttpResponse<String> post(String path, String token, String json) throws Exception {
    return http.send(HttpRequest.newBuilder(URI.create(standIn.url() + path)).header("Authorization", "Bearer " + token)
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static void grant(String namespace, String name, String account, String rules) {
    admin.load(new ByteArrayInputStream("""
        apiVersion: rbac.authorization.k8s.io/v1
        kind: Role
        metadata: {name: %s, namespace: %s}
        rules: %s
        ---
        apiVersion: rbac.authorization.k8s.io/v1
        kind: RoleBinding
        metadata: {name: %s, namespace: %s}
        roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: %s}
        subjects: [{kind: ServiceAccount, name: %s, namespace: team}]
        """.formatted(name, namespace, rules, name, namespace, name, account)
        .getBytes(StandardCharsets.UTF_8))).serverSideApply();
  }

  @Test
  void aTokenNobodyIssuedIs401AndAnonymousRequestsSeeOnlyHealthAndVersion() throws Exception {
    HttpResponse<String> unknown = get("/api/v1/namespaces/team/pods", "sft-e2e-made-up");
    assertThat(unknown.statusCode()).isEqualTo(401);
    assertThat(unknown.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},"
        + "\"status\":\"Failure\",\"message\":\"Unauthorized\",\"reason\":\"Unauthorized\",\"code\":401}");
    assertThat(get("/version", null).statusCode()).isEqualTo(200);
    assertThat(get("/healthz", null).statusCode()).isEqualTo(200);
    HttpResponse<String> anonymous = get("/api/v1/namespaces/team/pods", null);
    assertThat(anonymous.statusCode()).isEqualTo(403);
    assertThat(Serialization.unmarshal(anonymous.body(), JsonNode.class).path("message").asText())
        .isEqualTo("pods is forbidden: User \"system:anonymous\" cannot list resource \"pods\" in API group \"\" "
            + "in the namespace \"team\"");
    assertThat(get("/api", null).statusCode()).as("discovery needs an authenticated user").isEqualTo(403);
  }

  @Test
  void aServiceAccountWithoutABindingIsRefusedWithTheRealStatusButMayDiscover() throws Exception {
    String token = standIn.serviceAccountToken("team", "nobody");
    assertThat(standIn.serviceAccountToken("team", "nobody")).as("one token per service account").isEqualTo(token);
    assertThat(standIn.serviceAccountToken("other", "nobody")).isNotEqualTo(token);
    HttpResponse<String> denied = get("/api/v1/namespaces/team/pods/w-0", token);
    assertThat(denied.statusCode()).isEqualTo(403);
    assertThat(denied.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},"
        + "\"status\":\"Failure\",\"message\":\"pods \\\"w-0\\\" is forbidden: User "
        + "\\\"system:serviceaccount:team:nobody\\\" cannot get resource \\\"pods\\\" in API group \\\"\\\" in the "
        + "namespace \\\"team\\\"\",\"reason\":\"Forbidden\",\"details\":{\"name\":\"w-0\",\"kind\":\"pods\"},"
        + "\"code\":403}");
    assertThat(get("/api", token).statusCode()).isEqualTo(200);
    assertThat(get("/apis/apps/v1", token).statusCode()).isEqualTo(200);
    assertThat(get("/openapi/v3", token).statusCode()).isEqualTo(200);
  }

  @Test
  void aRoleBindingOpensItsNamespaceOnlyForTheFabric8ClientToo() throws Exception {
    grant("team", "reader", "reader", "[{apiGroups: [''], resources: [pods], verbs: [get, list, watch]}]");
    try (KubernetesClient reader = client(standIn.serviceAccountToken("team", "reader"))) {
      assertThat(reader.pods().inNamespace("team").list().getItems()).hasSize(1);
      assertThat(reader.pods().inNamespace("team").withName("w-0").get()).isNotNull();
      assertThatThrownBy(() -> reader.pods().inNamespace("other").list())
          .isInstanceOfSatisfying(KubernetesClientException.class, e -> {
            assertThat(e.getCode()).isEqualTo(403);
            assertThat(e.getStatus().getMessage()).isEqualTo("pods is forbidden: User "
                + "\"system:serviceaccount:team:reader\" cannot list resource \"pods\" in API group \"\" in the "
                + "namespace \"other\"");
          });
      assertThatThrownBy(() -> reader.pods().inNamespace("team").withName("w-0").delete())
          .isInstanceOfSatisfying(KubernetesClientException.class, e -> assertThat(e.getCode()).isEqualTo(403));
      assertThat(admin.pods().inNamespace("team").withName("w-0").get()).as("not deleted").isNotNull();
    }
  }

  /** What the controller's operator SDK asks before it runs for its leader Lease. */
  @Test
  void aRulesReviewListsWhatTheUserMayDoInTheNamespaceAsked() throws Exception {
    grant("team", "elector", "elector", "[{apiGroups: [coordination.k8s.io], resources: [leases], verbs: [create]}, "
        + "{apiGroups: [coordination.k8s.io], resources: [leases], resourceNames: [sft], verbs: [get, update, patch]}]");
    try (KubernetesClient elector = client(standIn.serviceAccountToken("team", "elector"))) {
      SubjectRulesReviewStatus team = review(elector, "team");
      assertThat(team.getIncomplete()).isFalse();
      assertThat(team.getResourceRules()).filteredOn(r -> r.getResources().contains("leases"))
          .extracting(ResourceRule::getVerbs, ResourceRule::getResourceNames)
          .containsExactlyInAnyOrder(tuple(List.of("create"), List.of()), tuple(List.of("get", "update", "patch"), List.of("sft")));
      // Every authenticated user's own grants (system:basic-user) are listed too, as Kubernetes does.
      assertThat(team.getResourceRules()).anySatisfy(r ->
          assertThat(r.getResources()).contains("selfsubjectrulesreviews"));
      assertThat(review(elector, "other").getResourceRules()).noneMatch(r -> r.getResources().contains("leases"));
    }
  }

  private static SubjectRulesReviewStatus review(KubernetesClient client, String namespace) {
    return client.resource(new SelfSubjectRulesReviewBuilder().withNewSpec().withNamespace(namespace).endSpec()
        .build()).create().getStatus();
  }

  @Test
  void execOverWebSocketNeedsCreateAsWellAsGetOnPodsExec() throws Exception {
    grant("team", "exec-get", "execer", "[{apiGroups: [''], resources: [pods], verbs: [get, list, watch]}, "
        + "{apiGroups: [''], resources: [pods/exec], resourceNames: [w-0], verbs: [get]}]");
    try (KubernetesClient execer = client(standIn.serviceAccountToken("team", "execer"))) {
      assertThatThrownBy(() -> exec(execer)).hasStackTraceContaining("403");
      grant("team", "exec-create", "execer", "[{apiGroups: [''], resources: [pods/exec], resourceNames: [w-0], "
          + "verbs: [create]}]");
      assertThat(exec(execer)).isEqualTo(0);
    }
  }

  private static int exec(KubernetesClient client) throws Exception {
    try (var watch = client.pods().inNamespace("team").withName("w-0").writingOutput(new ByteArrayOutputStream())
        .exec("true")) {
      return watch.exitCode().get(30, TimeUnit.SECONDS);
    }
  }

  @Test
  void aRoleWriteThatWouldGrantMoreThanTheWriterHoldsIsRefused() throws Exception {
    grant("team", "role-writer", "writer", "[{apiGroups: [rbac.authorization.k8s.io], resources: [roles], "
        + "verbs: [create, patch]}, {apiGroups: [''], resources: [pods], verbs: [get]}]");
    String token = standIn.serviceAccountToken("team", "writer");
    String roles = "/apis/rbac.authorization.k8s.io/v1/namespaces/team/roles";
    HttpResponse<String> refused = post(roles, token, """
        {"apiVersion":"rbac.authorization.k8s.io/v1","kind":"Role","metadata":{"name":"wider"},
         "rules":[{"apiGroups":[""],"resources":["pods"],"verbs":["get","delete"]}]}""");
    assertThat(refused.statusCode()).isEqualTo(403);
    assertThat(Serialization.unmarshal(refused.body(), JsonNode.class).path("message").asText()).isEqualTo(
        "roles.rbac.authorization.k8s.io \"wider\" is forbidden: user \"system:serviceaccount:team:writer\" "
        + "(groups=[\"system:serviceaccounts\" \"system:serviceaccounts:team\" \"system:authenticated\"]) is "
        + "attempting to grant RBAC permissions not currently held:\n"
        + "{APIGroups:[\"\"], Resources:[\"pods\"], Verbs:[\"delete\"]}");
    assertThat(admin.rbac().roles().inNamespace("team").withName("wider").get()).as("nothing stored").isNull();

    assertThat(post(roles, token, """
        {"apiVersion":"rbac.authorization.k8s.io/v1","kind":"Role","metadata":{"name":"narrow"},
         "rules":[{"apiGroups":[""],"resources":["pods"],"verbs":["get"]}]}""").statusCode()).isEqualTo(201);
    HttpResponse<String> patched = http.send(HttpRequest.newBuilder(URI.create(standIn.url() + roles + "/narrow"))
        .header("Authorization", "Bearer " + token).header("Content-Type", "application/json-patch+json")
        .method("PATCH", HttpRequest.BodyPublishers.ofString(
            "[{\"op\":\"add\",\"path\":\"/rules/0/verbs/-\",\"value\":\"list\"}]")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(patched.statusCode()).as("a patch is checked on the object it would store: %s", patched.body())
        .isEqualTo(403);
    assertThat(admin.rbac().roles().inNamespace("team").withName("narrow").get().getRules().get(0).getVerbs())
        .containsExactly("get");
  }
}
