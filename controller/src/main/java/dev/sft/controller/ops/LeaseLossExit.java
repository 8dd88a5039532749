package dev.sft.controller.ops;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * Ends the controller when it loses the leader Lease while running, so that it never reconciles beside the new
 * leader; the pod then restarts as a follower. The operator SDK's own exit on loss calls {@code System.exit} also
 * when the Lease is let go because the application is stopping, which from Quarkus' shutdown hook blocks the JVM's
 * exit (and kills a test JVM): a loss during shutdown is expected and ignored here.
 */
@Singleton
public class LeaseLossExit {
  private static final Logger LOG = Logger.getLogger(LeaseLossExit.class);

  private final AtomicBoolean stopping = new AtomicBoolean();

  /** Observed before the operator SDK's own listener stops the operator (and with it the elector). */
  void onShutdown(@Observes @Priority(1) ShutdownEvent event) {
    stopping.set(true);
  }

  /** The elector stopped leading: renewals failed past the renew deadline, or the application is stopping. */
  public void leadershipLost() {
    if (stopping.get()) {
      return;
    }
    LOG.error("Lost the leader Lease: another controller may reconcile now; exiting, to restart as a follower");
    Quarkus.asyncExit(1);
  }
}
