/**
 * Several documents at once. Earlier documents win a name both declare (a method, or a
 * component error code with a different message), and the later document says so among its
 * problems: nothing is shadowed silently.
 */
import type { OpenRpcDocument } from './document';
import type { DocumentSummary, ErrorInfo, MethodInfo, Problem } from './types';

export interface MethodEntry {
  doc: OpenRpcDocument;
  method: MethodInfo;
}

export interface MethodListItem {
  name: string;
  summary?: string;
  paramStructure: MethodInfo['paramStructure'];
  docId: string;
  docTitle: string;
}

export class OpenRpcSet {
  readonly documents: readonly OpenRpcDocument[];
  private readonly methods = new Map<string, MethodEntry>();
  private readonly collisions = new Map<string, Problem[]>();
  private readonly componentErrors = new Map<number, { doc: OpenRpcDocument; error: ErrorInfo }>();

  constructor(documents: readonly OpenRpcDocument[]) {
    // The same content loaded twice is one document.
    const seen = new Set<string>();
    this.documents = documents.filter((d) => (seen.has(d.id) ? false : (seen.add(d.id), true)));
    for (const doc of this.documents) {
      const problems: Problem[] = [];
      for (const method of doc.methods) {
        const earlier = this.methods.get(method.name);
        if (earlier) {
          problems.push({ path: `method ${method.name}`, message: `is also declared by ${earlier.doc.label}, loaded earlier, whose declaration is used`, severity: 'warning' });
          continue;
        }
        this.methods.set(method.name, { doc, method });
      }
      for (const error of doc.componentErrors) {
        const earlier = this.componentErrors.get(error.code);
        if (earlier) {
          if (earlier.error.message !== error.message) {
            problems.push({ path: `components.errors ${error.code}`, message: `is declared as ${JSON.stringify(earlier.error.message)} by ${earlier.doc.label}, loaded earlier, whose meaning is used`, severity: 'warning' });
          }
          continue;
        }
        this.componentErrors.set(error.code, { doc, error });
      }
      this.collisions.set(doc.id, problems);
    }
  }

  get size(): number {
    return this.documents.length;
  }

  method(name: string): MethodEntry | undefined {
    return this.methods.get(name);
  }

  componentError(code: number): { doc: OpenRpcDocument; error: ErrorInfo } | undefined {
    return this.componentErrors.get(code);
  }

  /** Every method once, for completion, in document order. */
  methodList(): MethodListItem[] {
    return [...this.methods.values()].map(({ doc, method }) => {
      const item: MethodListItem = { name: method.name, paramStructure: method.paramStructure, docId: doc.id, docTitle: doc.title };
      if (method.summary) item.summary = method.summary;
      return item;
    });
  }

  /** A document's own problems plus the names it lost to an earlier document. */
  problemsOf(doc: OpenRpcDocument): Problem[] {
    return [...doc.problems, ...(this.collisions.get(doc.id) ?? [])];
  }

  summaries(): DocumentSummary[] {
    return this.documents.map((d) => ({ ...d.summary(), problems: this.problemsOf(d) }));
  }

  /** "“Petstore” 1.0.0" or "“A”, “B”" — how findings name the documents. */
  get label(): string {
    return this.documents.map((d) => d.label).join(', ');
  }
}
