package dev.flow.dsl.naming;

import org.eclipse.xtext.naming.IQualifiedNameConverter;
import org.eclipse.xtext.naming.QualifiedName;

/**
 * Flow's names are flat: a name is one segment even when it holds a dot (a backquoted name such as
 * {@code `v1.2`}), so that a cross-reference finds exactly the element of that name.
 */
public class FlowQualifiedNameConverter extends IQualifiedNameConverter.DefaultImpl {

    @Override
    public QualifiedName toQualifiedName(String qualifiedNameAsString) {
        return QualifiedName.create(qualifiedNameAsString);
    }
}
