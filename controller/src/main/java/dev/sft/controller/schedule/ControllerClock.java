package dev.sft.controller.schedule;

import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/** The controller's clock, one bean so that tests can replace it and move time on (the schedule's firings). */
@Dependent
public class ControllerClock {
  @Produces
  @Singleton
  static Clock systemClock() {
    return Clock.systemUTC();
  }
}
