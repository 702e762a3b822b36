package dev.flow.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import java.util.List;
import java.util.stream.Collectors;

/** Picks diagnostics out of a check's result for assertions. */
final class Findings {
    private Findings() {}

    /** The one diagnostic with {@code code}; fails, listing everything found, when there is not exactly one. */
    static Diagnostic only(List<Diagnostic> found, Code code) {
        List<Diagnostic> matching = of(found, code);
        assertThat(matching).as("diagnostics with %s among:%n%s", code.id(), describe(found)).hasSize(1);
        return matching.get(0);
    }

    static List<Diagnostic> of(List<Diagnostic> found, Code code) {
        return found.stream().filter(d -> d.code() == code).toList();
    }

    static List<Code> codes(List<Diagnostic> found) {
        return found.stream().map(Diagnostic::code).toList();
    }

    /** One line per diagnostic, as a failing assertion should show them. */
    static String describe(List<Diagnostic> found) {
        return found.stream().map(d -> "  " + d.source() + " " + d.code().id() + " " + d.message()).collect(Collectors.joining("\n"));
    }
}
