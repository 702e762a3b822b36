package dev.flow.dsl.compiler;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.dsl.FlowTesting;
import java.nio.file.Path;
import org.eclipse.xtext.nodemodel.INode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link SourceRefs#offset} and {@link SourceRefs#end} walk the node tree themselves instead of
 * through Xtext's filtered iterators; they must give Xtext's answer for every node, comments and
 * blanks included.
 */
class SourceOffsetsTest {

    static java.util.stream.Stream<Path> examples() throws java.io.IOException {
        return FlowTesting.validExamples();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void everyNodesOffsetAndEndAreXtexts(Path file) {
        var root = FlowTesting.parse(file).getParseResult().getRootNode();
        int nodes = 0;
        for (INode node : root.getAsTreeIterable()) {
            assertThat(SourceRefs.offset(node)).as("offset of %s", node).isEqualTo(node.getOffset());
            assertThat(SourceRefs.end(node)).as("end of %s", node).isEqualTo(node.getOffset() + node.getLength());
            nodes++;
        }
        assertThat(nodes).isGreaterThan(10);
    }
}
