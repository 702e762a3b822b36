package dev.flow.dsl.compiler;

import dev.flow.dsl.conversion.Durations;
import dev.flow.dsl.flow.ArgvCommand;
import dev.flow.dsl.flow.EnvBlock;
import dev.flow.dsl.flow.EnvEntry;
import dev.flow.dsl.flow.FlowPackage;
import dev.flow.dsl.flow.ShellCommand;
import dev.flow.model.AgentDef;
import dev.flow.model.AgentPermissions;
import dev.flow.model.Command;
import dev.flow.model.GateDef;
import dev.flow.model.Sandbox;
import dev.flow.model.Severity;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** Gate and agent definitions, commands and environments. */
final class DefinitionCompiler {

    private static final FlowPackage FLOW = FlowPackage.eINSTANCE;

    private final SourceRefs positions;
    private final NameRefs names;

    DefinitionCompiler(SourceRefs positions, NameRefs names) {
        this.positions = positions;
        this.names = names;
    }

    GateDef gate(dev.flow.dsl.flow.GateDef g) {
        Severity severity = g.getSeverity() == null ? Severity.ERROR : switch (g.getSeverity()) {
            case WARNING -> Severity.WARNING;
            case INFO -> Severity.INFO;
            case ERROR -> Severity.ERROR;
        };
        if (!isSet(positions, g, FLOW.getGateDef_Severity())) {
            severity = Severity.ERROR;
        }
        return new GateDef(g.getName(), g.getDescription(), command(g.getCommand()), duration(g.getTimeout()),
                env(g.getEnv()), g.isParallelSafe(), g.getAllowedWrites(), names.all(g, FLOW.getGateDef_DependsOn()),
                severity, positions.name(g), g.getCwd());
    }

    AgentDef agent(dev.flow.dsl.flow.AgentDef a) {
        AgentDef.PromptVia via = isSet(positions, a, FLOW.getAgentDef_PromptVia()) && a.getPromptVia() == dev.flow.dsl.flow.PromptVia.FILE
                ? AgentDef.PromptVia.FILE
                : AgentDef.PromptVia.STDIN;
        return new AgentDef(a.getName(), a.getDescription(), command(a.getCommand()), via, env(a.getEnv()),
                sandbox(a.getSandbox()), positions.name(a), a.getRoles(), permissions(a.getPermissions()));
    }

    /** A written {@code permissions} setting, the level as written (the checker knows the levels); null when none is written. */
    private AgentPermissions permissions(dev.flow.dsl.flow.Permissions p) {
        if (p == null || p.getLevel() == null) {
            return null;
        }
        return new AgentPermissions(p.getLevel(), p.getAllow(), positions.of(p, FLOW.getPermissions_Level()));
    }

    /** A written {@code sandbox} setting; null when none is written. */
    Sandbox sandbox(dev.flow.dsl.flow.Sandbox s) {
        if (s == null) {
            return null;
        }
        return s.isNone() ? Sandbox.none(positions.of(s)) : new Sandbox(true, !s.isOffline(), s.getWrites(), positions.of(s));
    }

    Command command(dev.flow.dsl.flow.Command c) {
        if (c instanceof ArgvCommand argv) {
            return new Command.Argv(argv.getArgs(), positions.of(c));
        } else if (c instanceof ShellCommand sh) {
            return new Command.Shell(sh.getLine() == null ? "" : sh.getLine(), positions.of(c));
        }
        return null;
    }

    static Map<String, String> env(EnvBlock block) {
        var out = new LinkedHashMap<String, String>();
        if (block != null) {
            for (EnvEntry entry : block.getEntries()) {
                if (entry.getKey() != null) {
                    out.put(entry.getKey(), entry.getValue() == null ? "" : entry.getValue());
                }
            }
        }
        return out;
    }

    /** A written duration; null when none is written. */
    static Duration duration(String written) {
        return written == null ? null : Durations.parse(written);
    }

    /** Whether a feature was written (for enums and numbers, whose defaults look like values). */
    static boolean isSet(SourceRefs positions, org.eclipse.emf.ecore.EObject owner, org.eclipse.emf.ecore.EStructuralFeature feature) {
        return !positions.nodes(owner, feature).isEmpty();
    }
}
