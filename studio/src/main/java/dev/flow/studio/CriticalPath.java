package dev.flow.studio;

import dev.flow.studio.TimelineData.Bar;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The chain of attempts that decided when the run ended, found backwards from the attempt that
 * ended last: each link is the attempt that ended latest, no later than the link after it began,
 * among the attempts of the node's predecessors in the graph and the node's own earlier attempts
 * (a retry waits for the attempt before it). Each node's finished attempts are sorted by their
 * end once, so a link costs a binary search per predecessor: O(B log B + L P log B) for B bars, a
 * path of L links and P predecessors a node.
 *
 * @param bars the attempts on the path
 * @param millis the time from the first link's start to the last one's end
 */
record CriticalPath(Set<Bar> bars, long millis) {
    static CriticalPath of(List<Bar> bars, Map<String, List<String>> predecessors, long now) {
        if (bars.isEmpty()) {
            return new CriticalPath(Set.of(), 0);
        }
        var ended = new HashMap<String, List<Bar>>();
        Bar last = bars.get(0);
        for (Bar b : bars) {
            if (b.finishedAt() != null) {
                ended.computeIfAbsent(b.node(), k -> new ArrayList<>()).add(b);
            }
            if (b.end(now) > last.end(now)) {
                last = b;
            }
        }
        ended.values().forEach(l -> l.sort(Comparator.comparingLong(Bar::finishedAt)));
        Set<Bar> path = Collections.newSetFromMap(new IdentityHashMap<>());
        Bar link = last;
        Bar first = last;
        while (link != null && path.add(link)) {
            first = link;
            Bar before = null;
            var candidates = new ArrayList<>(predecessors.getOrDefault(link.node(), List.of()));
            candidates.add(link.node());
            for (String node : candidates) {
                Bar b = latestEndedBy(ended.getOrDefault(node, List.of()), link.begin(), path);
                if (b != null && (before == null || b.finishedAt() > before.finishedAt())) {
                    before = b;
                }
            }
            link = before;
        }
        return new CriticalPath(path, last.end(now) - first.begin());
    }

    /** The attempt of {@code sorted} (by end) that ended last at or before {@code time}, not already on the path. */
    private static Bar latestEndedBy(List<Bar> sorted, long time, Set<Bar> path) {
        int lo = 0;
        int hi = sorted.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted.get(mid).finishedAt() <= time) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        for (int i = lo - 1; i >= 0; i--) {
            if (!path.contains(sorted.get(i))) {
                return sorted.get(i);
            }
        }
        return null;
    }
}
