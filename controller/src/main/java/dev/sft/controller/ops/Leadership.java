package dev.sft.controller.ops;

import io.quarkus.runtime.configuration.ConfigUtils;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Whether this replica leads. With leader election active (the profiles of
 * {@code quarkus.operator-sdk.activate-leader-election-for-profiles}, as the operator SDK decides it) a replica leads
 * from the moment it holds the {@link LeaderLease} and never stops: losing it ends the process ({@link LeaseLossExit}).
 * Without election the one replica leads from the start. What only the leader may do waits on {@link #whenLeading}.
 */
@Singleton
public class Leadership {
  static final String ELECTION_PROFILES_PROPERTY = "quarkus.operator-sdk.activate-leader-election-for-profiles";

  private volatile boolean leading;
  private final List<Runnable> onLeading = new CopyOnWriteArrayList<>();

  @Inject
  public Leadership(@ConfigProperty(name = ELECTION_PROFILES_PROPERTY, defaultValue = "prod") List<String> profiles) {
    this(!profiles.isEmpty() && ConfigUtils.getProfiles().stream().anyMatch(profiles::contains));
  }

  /** {@code elected}: whether this replica must win the Lease before it leads. */
  Leadership(boolean elected) {
    this.leading = !elected;
  }

  public boolean leads() {
    return leading;
  }

  /** Runs {@code action} once this replica leads: now if it does, else when it starts leading. */
  public synchronized void whenLeading(Runnable action) {
    onLeading.add(action);
    if (leading) {
      action.run();
    }
  }

  /** The elector's callback: this replica holds the Lease now. */
  synchronized void startedLeading() {
    if (!leading) {
      leading = true;
      onLeading.forEach(Runnable::run);
    }
  }
}
