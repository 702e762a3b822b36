package dev.flow.check;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.SourceRef;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One mistake, one diagnostic: the checker runs on what a front end could read, so where the front
 * end already reported an error, the checker's findings at the same place only follow from it (a
 * gate node without its {@code gate_config} "names no gate"; a decision whose condition does not
 * parse "has no condition"). Those findings are dropped; the front end's error says what to fix,
 * and once it is fixed the checker sees the element as written.
 *
 * <p>A checker diagnostic is dropped when it starts where an error of the front end starts, or at
 * the name of an element the front end read with errors of its own. Used by every tool that puts
 * the two together: {@code flow check} (through {@link dev.flow.frontend.Compiler}) and the editor.
 */
public final class Cascades {
    private Cascades() {}

    /**
     * @param checker what the checker found
     * @param frontEnd what the front end reported
     * @param misread the positions of the elements the front end read with errors
     * @return the checker's diagnostics that do not follow from the front end's
     */
    public static List<Diagnostic> without(List<Diagnostic> checker, Collection<Diagnostic> frontEnd, Collection<SourceRef> misread) {
        Set<Place> taken = new HashSet<>();
        for (Diagnostic d : frontEnd) {
            if (d.isError() && !d.source().isUnknown()) {
                taken.add(Place.of(d.source()));
            }
        }
        misread.stream().filter(at -> !at.isUnknown()).forEach(at -> taken.add(Place.of(at)));
        if (taken.isEmpty()) {
            return checker;
        }
        return checker.stream().filter(d -> d.source().isUnknown() || !taken.contains(Place.of(d.source()))).toList();
    }

    /** Where a diagnostic starts. */
    private record Place(String file, int offset) {
        static Place of(SourceRef at) {
            return new Place(at.file(), at.offset());
        }
    }
}
