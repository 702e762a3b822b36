package dev.flow.dsl.ide.symbols;

import dev.flow.dsl.flow.FlowPackage;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.lsp4j.SymbolKind;
import org.eclipse.xtext.ide.server.symbol.DocumentSymbolMapper;

/** The symbol kind of each named thing, for the outline and workspace symbol search. */
public class FlowSymbolKinds extends DocumentSymbolMapper.DocumentSymbolKindProvider {

    @Override
    protected SymbolKind getSymbolKind(EClass type) {
        if (type == null) {
            return SymbolKind.Property;
        }
        if (FlowPackage.Literals.NODE.isSuperTypeOf(type)) {
            return SymbolKind.Function;
        }
        if (type == FlowPackage.Literals.WORKFLOW) {
            return SymbolKind.Module;
        }
        if (type == FlowPackage.Literals.GATE_DEF) {
            return SymbolKind.Event;
        }
        if (type == FlowPackage.Literals.AGENT_DEF) {
            return SymbolKind.Class;
        }
        if (type == FlowPackage.Literals.INPUT) {
            return SymbolKind.Field;
        }
        if (type == FlowPackage.Literals.STATE_VAR) {
            return SymbolKind.Variable;
        }
        if (type == FlowPackage.Literals.OUTPUT) {
            return SymbolKind.EnumMember;
        }
        return SymbolKind.Property;
    }
}
