package dev.sft.controller.ops;

import dev.sft.controller.owned.ChildResources;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfiguration;
import jakarta.inject.Singleton;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Leader election: only the replica holding the {@code coordination.k8s.io} Lease {@code sft.leader.lease-name} in
 * the controller's own namespace ({@code sft.controller.namespace}) reconciles; the others keep their informers
 * synced and wait. The operator SDK takes this bean as its leader-election configuration, with its default timing
 * (a lease of 15 s, renewed every 2 s, given up 10 s after renewals start failing). Losing the lease ends the
 * process ({@link LeaseLossExit}); winning it is told to {@link Leadership}. Active in the {@code prod} and {@code test} profiles
 * ({@code quarkus.operator-sdk.activate-leader-election-for-profiles}).
 */
@Singleton
public class LeaderLease extends LeaderElectionConfiguration {
  public static final String LEASE_NAME_PROPERTY = "sft.leader.lease-name";
  /** Who holds the lease; default the {@code HOSTNAME} (the pod's name), which the operator SDK reads itself. */
  public static final String IDENTITY_PROPERTY = "sft.leader.identity";

  public LeaderLease(@ConfigProperty(name = LEASE_NAME_PROPERTY) String leaseName,
      @ConfigProperty(name = ChildResources.CONTROLLER_NAMESPACE_PROPERTY) String controllerNamespace,
      @ConfigProperty(name = IDENTITY_PROPERTY) Optional<String> identity, Leadership leadership,
      LeaseLossExit lossExit) {
    super(leaseName, controllerNamespace, LEASE_DURATION_DEFAULT_VALUE, RENEW_DEADLINE_DEFAULT_VALUE,
        RETRY_PERIOD_DEFAULT_VALUE, identity.orElse(null),
        new LeaderCallbacks(leadership::startedLeading, lossExit::leadershipLost, newLeader -> { }), false);
  }
}
