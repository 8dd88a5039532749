package dev.sft.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A finding as it is tracked across runs: the same rule and cause, in the same scenario family, under the same write
 * operation, by the same writer ({@code speculation/append/iceberg/storage/files.no-orphans:loser-interrupted-abort}).
 * Never a TID or a file name, so the same defect has the same fingerprint in every run.
 */
public record Fingerprint(String family, String operation, String writer, String finding) {
  public String id() {
    return family + "/" + operation + "/" + writer + "/" + finding;
  }

  /**
   * How often a run showed one fingerprint.
   *
   * @param fingerprint its {@link #id}
   * @param repetitions the repetitions that showed it
   * @param of the repetitions that could have: every comparable repetition (not Unknown for a reason of the
   *     environment) of the cells of its family and operation
   * @param scope the {@code family/operation/writer/} its id starts with
   */
  public record Seen(String fingerprint, int repetitions, int of, @com.fasterxml.jackson.annotation.JsonIgnore
      String scope) {
    /** Whether it was seen in fewer than {@code rare} (a fraction) of the repetitions that could show it. */
    public boolean rare(double rare) {
      return repetitions > 0 && repetitions < rare * of;
    }
  }

  /**
   * Every fingerprint the natural cells showed, sorted, with how many repetitions showed it and how many could have.
   * A pinned cell ({@link ScenarioStats#pin}) is left out: its race was made to go one way, so its findings are no
   * trend of the build.
   */
  public static List<Seen> of(String writer, List<ScenarioStats> cells) {
    Map<String, Integer> shown = new TreeMap<>();
    Map<String, String> scopeOfId = new TreeMap<>();
    for (ScenarioStats cell : natural(cells)) {
      String scope = scope(writer, cell);
      cell.findings().forEach((finding, n) -> {
        shown.merge(scope + finding, n, Integer::sum);
        scopeOfId.put(scope + finding, scope);
      });
    }
    Map<String, Integer> comparable = scopes(writer, cells);
    List<Seen> seen = new ArrayList<>();
    shown.forEach((id, n) -> seen.add(new Seen(id, n, comparable.get(scopeOfId.get(id)), scopeOfId.get(id))));
    return seen;
  }

  /**
   * Every scope ({@code family/operation/writer/}) the natural cells could show a fingerprint in, with its
   * repetitions.
   */
  public static Map<String, Integer> scopes(String writer, List<ScenarioStats> cells) {
    Map<String, Integer> scopes = new TreeMap<>();
    for (ScenarioStats cell : natural(cells)) {
      scopes.merge(scope(writer, cell), cell.runs() - cell.environmentUnknown(), Integer::sum);
    }
    return scopes;
  }

  private static List<ScenarioStats> natural(List<ScenarioStats> cells) {
    return cells.stream().filter(c -> c.pin() == null).toList();
  }

  /** The {@code family/operation/writer/} a cell's fingerprints start with. */
  public static String scope(String writer, ScenarioStats cell) {
    return family(cell.name()) + "/" + cell.writeOperation().id() + "/" + writer + "/";
  }

  private static String family(String scenario) {
    try {
      return ScenarioName.fromId(scenario).family();
    } catch (IllegalArgumentException e) {
      return scenario;
    }
  }
}
