export interface LegalSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
  /** Paragraphs that follow the list. */
  closing?: string[];
}

export interface LegalDocumentContent {
  title: string;
  /** ISO date, shown as written (the spec dates the terms 2025-04-16). */
  effectiveDate: string;
  introduction: string[];
  sections: LegalSection[];
  otherDocument: { prompt: string; label: string; to: string };
}

/** Both documents take effect together, so a reader never has to reconcile two versions. */
export const LEGAL_EFFECTIVE_DATE = '2025-04-16';
