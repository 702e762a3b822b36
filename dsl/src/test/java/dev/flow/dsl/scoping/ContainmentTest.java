package dev.flow.dsl.scoping;

import static dev.flow.dsl.FlowTesting.parse;
import static dev.flow.dsl.FlowTesting.root;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.dsl.FlowTesting;
import dev.flow.dsl.flow.BinaryExpr;
import dev.flow.dsl.flow.EdgeStatement;
import dev.flow.dsl.flow.FlowPackage.Literals;
import dev.flow.dsl.flow.ListLiteral;
import dev.flow.dsl.flow.Node;
import dev.flow.dsl.flow.OutputsType;
import dev.flow.dsl.flow.RefExpr;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.EcoreUtil2;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A walk that skips what cannot hold the elements it looks for finds every one of them, in the order of the text. */
class ContainmentTest {

    private static final List<Class<? extends EObject>> KINDS = List.of(
            ListLiteral.class, OutputsType.class, RefExpr.class, BinaryExpr.class, Node.class, EdgeStatement.class);

    static java.util.stream.Stream<Path> examples() throws java.io.IOException {
        return FlowTesting.validExamples();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void findsWhatAWalkOfEveryElementFinds(Path example) {
        EObject file = root(parse(example));
        for (Class<? extends EObject> kind : KINDS) {
            List<EObject> found = List.copyOf(Containment.all(file, kind));
            List<EObject> everywhere = List.copyOf(EcoreUtil2.eAllOfType(file, kind));
            assertThat(found).as(kind.getSimpleName()).containsExactlyElementsOf(everywhere);
        }
    }

    @Test
    void findsListsAndOutputTypesWhereverTheGrammarAllowsThem() {
        EObject file = root(parse("""
                workflow w {
                    input mode: outputs of a
                    task a { agent claude outputs ok, bad }
                    start -> a -> end when mode in ["ok", "bad"] && [1, 2] == [1, 2]
                }
                """));
        assertThat(Containment.all(file, ListLiteral.class)).hasSize(3);
        assertThat(Containment.all(file, OutputsType.class)).hasSize(1);
    }

    @Test
    void edgesAndExpressionsCannotHoldAnOutputsOfType() {
        var holding = Containment.holding(c -> c == Literals.OUTPUTS_TYPE);
        assertThat(holding).contains(Literals.FLOW_FILE, Literals.WORKFLOW, Literals.OUTPUTS_TYPE)
                .doesNotContain(Literals.EDGE_STATEMENT, Literals.BINARY_EXPR, Literals.REF_EXPR);
    }
}
