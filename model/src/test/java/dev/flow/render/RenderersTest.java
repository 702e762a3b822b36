package dev.flow.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.testing.SampleGraphs;
import dev.flow.model.Workflow;
import org.junit.jupiter.api.Test;

class RenderersTest {

    private final Workflow workflow = SampleGraphs.everything().main();

    @Test
    void mermaidShowsEveryNodeKindByShapeAndLoopLimitsOnEdges() {
        String m = new MermaidRenderer().render(workflow);
        assertThat(m).startsWith("---\ntitle: \"Debug loop\"\n---\nflowchart TD\n");
        assertThat(m).contains("[\"task analyze<br/>Analyze<br/>agent fake\"]", "{{\"gate test<br/>uses tests\"}}",
                "{\"branch check<br/>if state.attempts #gt;= 3 #amp;#amp; !test.passed\"}", "([\"human approve",
                "[[\"subgraph sub<br/>runs child\"]]", "[(\"checkpoint a\")]", "((\"start\"))");
        assertThat(m).contains("-.->|\"loop max 3 · when level in [#quot;low#quot;, #quot;high#quot;]\"|");
        assertThat(m).contains("==>|\"on limit\"|", "class n0 startNode");
    }

    @Test
    void mermaidNamesItsClassesApartFromItsKeywords() {
        // "class n9 end" and "classDef end ..." are parse errors in Mermaid: the graph preview stayed blank.
        String m = new MermaidRenderer().render(workflow);
        assertThat(m).doesNotContainPattern("(?m)^\\s*class(Def)? \\S*\\s*(end|subgraph|start|graph)\\b");
        assertThat(m).contains("classDef endNode ", "classDef startNode ");
    }

    @Test
    void mermaidCodesTheHashOfEntityLikeTextInLabels() {
        assertThat(MermaidRenderer.escape("say #quot; & \"x\"")).isEqualTo("say #35;quot; #amp; #quot;x#quot;");
    }

    @Test
    void noTitleOrLabelCanHoldAMermaidDirective() {
        // %%{init: ...}%% anywhere in the source, quoted or not, restyled the studio's picture
        String directive = "x %%{init: {\"theme\": \"forest\", \"themeCSS\": \".node rect {fill: green}\"}}%% y";
        assertThat(MermaidRenderer.escape(directive)).doesNotContain("%", "{", "}")
                .isEqualTo("x #37;#37;#123;init: #123;#quot;theme#quot;: #quot;forest#quot;, #quot;themeCSS#quot;: #quot;.node rect #123;fill: green#125;#quot;#125;#125;#37;#37; y");
        assertThat(MermaidRenderer.title(directive)).doesNotContain("%").startsWith("\"x \\u0025\\u0025{init");
    }

    @Test
    void dotShowsTheSameWithGraphvizShapes() {
        String d = new DotRenderer().render(workflow);
        assertThat(d).startsWith("digraph \"debug\" {");
        assertThat(d).contains("\"test\" [shape=hexagon, label=\"gate test\\nuses tests\"];",
                "\"check\" [shape=diamond", "\"test\" -> \"analyze\" [label=\"loop max 3 · when level in [\\\"low\\\", \\\"high\\\"]\", style=dashed, constraint=false];",
                "\"test\" -> \"end\" [label=\"on limit\", style=bold];");
        assertThat(d).endsWith("}\n");
    }

    @Test
    void renderersAreFoundByFormatName() {
        assertThat(GraphRenderer.forFormat("MERMAID")).get().isInstanceOf(MermaidRenderer.class);
        assertThat(GraphRenderer.forFormat("dot")).get().isInstanceOf(DotRenderer.class);
        assertThat(GraphRenderer.forFormat("png")).isEmpty();
    }
}
