package dev.sft.e2e.apiserver.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** HTTP requests to RBAC attributes, as kube-apiserver's RequestInfoFactory resolves them. */
class RequestAttributesTest {

  private static final UserInfo USER = UserInfo.serviceAccount("ns", "sa");

  @ParameterizedTest(name = "{0} {1}?{2} -> {3} {4} {5}/{6} {7} in {8}")
  @CsvSource(delimiter = '|', nullValues = "-", value = {
      "GET    | /api/v1/namespaces/a/pods                     | -                              | list   | ''     | pods   | ''     | ''   | a",
      "GET    | /api/v1/namespaces/a/pods                     | watch=true                     | watch  | ''     | pods   | ''     | ''   | a",
      "GET    | /api/v1/namespaces/a/pods                     | watch=1                        | watch  | ''     | pods   | ''     | ''   | a",
      "GET    | /api/v1/namespaces/a/pods                     | watch=false                    | list   | ''     | pods   | ''     | ''   | a",
      "GET    | /api/v1/namespaces/a/pods                     | fieldSelector=metadata.name=w-0 | list  | ''     | pods   | ''     | w-0  | a",
      "GET    | /api/v1/namespaces/a/pods                     | fieldSelector=metadata.name!=w-0 | list | ''     | pods   | ''     | ''   | a",
      "GET    | /api/v1/pods                                  | -                              | list   | ''     | pods   | ''     | ''   | ''",
      "GET    | /api/v1/namespaces/a/pods/w-0                 | -                              | get    | ''     | pods   | ''     | w-0  | a",
      "GET    | /api/v1/namespaces/a/pods/w-0                 | watch=true                     | get    | ''     | pods   | ''     | w-0  | a",
      "POST   | /api/v1/namespaces/a/pods                     | -                              | create | ''     | pods   | ''     | ''   | a",
      "POST   | /api/v1/namespaces/a/pods/w-0/exec            | command=ls                     | create | ''     | pods   | exec   | w-0  | a",
      "GET    | /api/v1/namespaces/a/pods/w-0/exec            | command=ls                     | get    | ''     | pods   | exec   | w-0  | a",
      "GET    | /api/v1/namespaces/a/pods/w-0/log             | -                              | get    | ''     | pods   | log    | w-0  | a",
      "PUT    | /apis/sft.dev/v1/namespaces/a/schedulerfailuretests/t/status | -               | update | sft.dev | schedulerfailuretests | status | t | a",
      "PATCH  | /apis/apps/v1/namespaces/a/statefulsets/s     | fieldManager=x                 | patch  | apps   | statefulsets | '' | s    | a",
      "PATCH  | /apis/apps/v1/namespaces/a/deployments/d/scale | -                             | patch  | apps   | deployments | scale | d   | a",
      "DELETE | /apis/batch/v1/namespaces/a/jobs/j            | -                              | delete | batch  | jobs   | ''     | j    | a",
      "DELETE | /apis/batch/v1/namespaces/a/jobs              | labelSelector=x=y              | deletecollection | batch | jobs | '' | '' | a",
      "GET    | /api/v1/namespaces/a                          | -                              | get    | ''     | namespaces | '' | a    | a",
      "PUT    | /api/v1/namespaces/a/finalize                 | -                              | update | ''     | namespaces | finalize | a | a",
      "GET    | /api/v1/namespaces                            | -                              | list   | ''     | namespaces | '' | ''   | ''",
      "GET    | /apis/apiextensions.k8s.io/v1/customresourcedefinitions/x.sft.dev | -         | get    | apiextensions.k8s.io | customresourcedefinitions | '' | x.sft.dev | ''",
      "GET    | /api/v1/namespaces/a/services/m:http/proxy/json/ | -                           | get    | ''     | services | proxy | m:http | a",
      "GET    | /api/v1/watch/namespaces/a/pods               | -                              | watch  | ''     | pods   | ''     | ''   | a",
  })
  void resourceRequests(String method, String path, String query, String verb, String group, String resource,
      String subresource, String name, String namespace) {
    RequestAttributes attributes = RequestAttributes.resolve(USER, method, path, query(query));
    assertThat(attributes.resourceRequest()).isTrue();
    assertThat(attributes.verb()).isEqualTo(verb);
    assertThat(attributes.apiGroup()).isEqualTo(group);
    assertThat(attributes.resource()).isEqualTo(resource);
    assertThat(attributes.subresource()).isEqualTo(subresource);
    assertThat(attributes.name()).isEqualTo(name);
    assertThat(attributes.namespace()).isEqualTo(namespace);
  }

  @ParameterizedTest(name = "{0} {1} is the non-resource request {2} {1}")
  @CsvSource(delimiter = '|', value = {
      "GET  | /api              | get",
      "GET  | /api/v1           | get",
      "GET  | /apis             | get",
      "GET  | /apis/apps        | get",
      "GET  | /apis/apps/v1     | get",
      "GET  | /openapi/v3/apis/apps/v1 | get",
      "GET  | /version          | get",
      "POST | /healthz          | post",
  })
  void nonResourceRequests(String method, String path, String verb) {
    RequestAttributes attributes = RequestAttributes.resolve(USER, method, path, Map.of());
    assertThat(attributes.resourceRequest()).isFalse();
    assertThat(attributes.verb()).isEqualTo(verb);
    assertThat(attributes.path()).isEqualTo(path);
  }

  private static Map<String, String> query(String query) {
    if (query == null) {
      return Map.of();
    }
    int equals = query.indexOf('=');
    return Map.of(query.substring(0, equals), query.substring(equals + 1));
  }
}
