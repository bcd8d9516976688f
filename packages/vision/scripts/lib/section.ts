/**
 * What `npm run eval:vision` hands each plug-in section (see the comment at the top of scripts/eval.ts).
 * Every field is optional to read: a section must still work when run on its own with `{}`.
 */
export interface EvalSectionContext {
  /** Prints one line of the report (console.log when absent). */
  log?: (line: string) => void;
  /** Adds HTML to the contact sheet; present only when `--sheet` was given. */
  sheet?: (html: string) => void;
  /** A folder of the section's own for bigger sheet assets (HTML, JPEGs); present only with `--sheet`. */
  outDir?: string;
  /** The command-line arguments after the script name, for section-specific switches. */
  args?: readonly string[];
}

export interface EvalSection {
  run(ctx: EvalSectionContext): Promise<unknown>;
}
