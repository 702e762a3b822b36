package dev.flow.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import dev.flow.cli.FlowCli;
import dev.flow.dsl.FlowStandaloneSetup;
import dev.flow.dsl.ide.FlowIdeModule;
import dev.flow.engine.Engine;
import dev.flow.lsp.FlowLanguageServer;
import dev.flow.model.FlowGraph;
import dev.flow.studio.Studio;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The rules docs/architecture.md states, kept by the build: the modules depend one way
 * ({@code model} <- {@code dsl} <- {@code dsl.ide} <- {@code dsl.lsp}; {@code model} <-
 * {@code runtime}; {@code cli}, {@code studio} and {@code bench} on both), and no package
 * of Flow's own code is part of a cycle. It reads the compiled main classes of every module
 * (cli's test class path holds them all), not the tests.
 */
class ArchitectureTest {

    /** The packages of the model module. */
    static final String[] MODEL = {"dev.flow.model..", "dev.flow.diagnostic..", "dev.flow.check..", "dev.flow.frontend..",
        "dev.flow.yaml..", "dev.flow.render..", "dev.flow.growth..", "dev.flow.lowering.."};
    /** The packages of the runtime module. */
    static final String[] RUNTIME = {"dev.flow.engine..", "dev.flow.store.."};
    /** The language's modules: dsl, dsl.ide, dsl.lsp. */
    static final String[] LANGUAGE = {"dev.flow.dsl..", "dev.flow.ide..", "dev.flow.lsp.."};

    static JavaClasses flow;

    /** Reading the seven modules' classes takes a few seconds (about 15 on a loaded machine); done once for all rules. */
    @BeforeAll
    static void importClasses() {
        // One class of each module names its jar (or classes folder): reading only those is
        // quick, and leaves out the test jars on this class path.
        List<Location> modules = Stream.of(FlowGraph.class, Engine.class, FlowStandaloneSetup.class, FlowIdeModule.class,
                        FlowLanguageServer.class, Studio.class, FlowCli.class)
                .map(c -> Location.of(c.getProtectionDomain().getCodeSource().getLocation()))
                .toList();
        flow = new ClassFileImporter().importLocations(modules);
    }

    @Test
    void theModelNeedsNoRuntimeNoLanguageNoXtextAndNoDatabase() {
        noClasses().that().resideInAnyPackage(MODEL)
                .should().dependOnClassesThat().resideInAnyPackage(concat(RUNTIME, LANGUAGE,
                        "dev.flow.cli..", "dev.flow.studio..", "org.eclipse..", "com.google.inject..", "java.sql..", "org.postgresql..", "org.sqlite.."))
                .because("the model is the contract every front end and the runtime share: a compiled graph runs without the language, "
                        + "and the editor ships without the engine")
                .check(flow);
    }

    @Test
    void theLanguageNeverSeesTheRuntime() {
        noClasses().that().resideInAnyPackage(LANGUAGE)
                .should().dependOnClassesThat().resideInAnyPackage(concat(RUNTIME, "dev.flow.cli..", "dev.flow.studio..", "java.sql.."))
                .because("the language server ships without the engine and its stores")
                .check(flow);
    }

    @Test
    void theRuntimeNeverSeesTheLanguageOrItsUsers() {
        noClasses().that().resideInAnyPackage(RUNTIME)
                .should().dependOnClassesThat().resideInAnyPackage(concat(LANGUAGE, "dev.flow.cli..", "dev.flow.studio..", "org.eclipse.."))
                .because("the runtime executes compiled graphs, whichever front end made them")
                .check(flow);
    }

    @Test
    void theStudioIsNoPartOfTheCommandLine() {
        noClasses().that().resideInAPackage("dev.flow.studio..")
                .should().dependOnClassesThat().resideInAnyPackage(concat(LANGUAGE, "dev.flow.cli.."))
                .because("flow studio serves what the runtime stored; the command line starts it, not the other way round")
                .check(flow);
    }

    @Test
    void noPackageOfFlowsOwnCodeIsPartOfACycle() {
        slices().matching("dev.flow.(**)")
                .should().beFreeOfCycles()
                // Xtext generates these from the grammar, and its generated modules bind every
                // service: their cycles are Xtext's design, not ours.
                .ignoreDependency(GENERATED, DescribedPredicate.alwaysTrue())
                .ignoreDependency(DescribedPredicate.alwaysTrue(), GENERATED)
                .check(flow);
    }

    /** Classes Xtext's generator writes (into xtext-gen), by their packages and names. */
    static final DescribedPredicate<JavaClass> GENERATED = DescribedPredicate.describe("generated by Xtext", c -> {
        String name = c.getName();
        return name.startsWith("dev.flow.dsl.flow.") || name.startsWith("dev.flow.dsl.parser.antlr.")
                || name.startsWith("dev.flow.dsl.serializer.") || name.startsWith("dev.flow.dsl.services.")
                || name.startsWith("dev.flow.dsl.ide.contentassist.antlr.")
                || c.getSimpleName().startsWith("Abstract") && name.startsWith("dev.flow.dsl.")
                || name.endsWith("Generated");
    });

    private static String[] concat(String[] a, String... b) {
        String[] all = new String[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static String[] concat(String[] a, String[] b, String... c) {
        return concat(concat(a, b), c);
    }
}
