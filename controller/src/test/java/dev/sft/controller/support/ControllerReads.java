package dev.sft.controller.support;

import static org.awaitility.Awaitility.await;

import dev.sft.api.SchedulerFailureTest;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the API server's reads of single test resources by name, which are the controller's looks at a test: every
 * reconcile starts with one ({@code RunOrchestrator.advance} decides on the test as the API server has it), while the
 * tests read through {@link TestCluster}, which lists by field selector, and the informers list and watch. A test
 * that asserts the controller did nothing first waits for it to have looked ({@link #awaitLooks}), so the assertion
 * cannot pass merely because the controller was slow.
 */
public final class ControllerReads extends Dispatcher {
  private final Dispatcher next;
  private final Map<String, AtomicInteger> readsByPath = new ConcurrentHashMap<>();

  public ControllerReads(Dispatcher next) {
    this.next = next;
  }

  @Override
  public MockResponse dispatch(RecordedRequest request) {
    if (request.method() == HttpMethod.GET) {
      String path = request.getPath();
      int query = path.indexOf('?');
      readsByPath.computeIfAbsent(query < 0 ? path : path.substring(0, query), p -> new AtomicInteger())
          .incrementAndGet();
    }
    return next.dispatch(request);
  }

  /** How many times the test (or any other object, such as the leader Lease) was read by name so far. */
  public int of(HasMetadata test) {
    AtomicInteger reads = readsByPath.get(path(test));
    return reads == null ? 0 : reads.get();
  }

  /**
   * Waits until the controller has looked at the test {@code looks} more times from now. Two looks mean a reconcile
   * that began after this call has run to its end (JOSDK runs one reconcile of a resource at a time).
   */
  public void awaitLooks(HasMetadata test, int looks) {
    int target = of(test) + looks;
    await("controller looked at " + test.getMetadata().getName() + " " + looks + " more times")
        .atMost(TestCluster.TIMEOUT).pollInterval(Duration.ofMillis(50))
        .until(() -> of(test) >= target);
  }

  /**
   * For a state the controller does not poll: {@code poke} makes an event that wakes it (the change must be one the
   * controller is told of), twice, and each wakes a look. The second begins only after the reconcile of the first
   * ended, so when this returns the controller has finished a look that began after the first poke.
   */
  public void awaitLookAfter(SchedulerFailureTest test, Runnable poke) {
    poke.run();
    awaitLooks(test, 1);
    poke.run();
    awaitLooks(test, 1);
  }

  private static String path(HasMetadata test) {
    Class<? extends HasMetadata> type = test.getClass();
    return "/apis/" + HasMetadata.getGroup(type) + "/" + HasMetadata.getVersion(type) + "/namespaces/"
        + test.getMetadata().getNamespace() + "/" + HasMetadata.getPlural(type) + "/" + test.getMetadata().getName();
  }
}
