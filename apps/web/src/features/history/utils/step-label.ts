import type { PlacementRecord } from '@stagecraft/contracts';

/** "navy_blue_paint" -> "Navy blue paint". */
export function humanize(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : '';
}

/** What a step of the timeline did, in the product's words (the studio call is `action`). */
export function stepLabel(step: Pick<PlacementRecord, 'action' | 'furniture_type' | 'theme_key'>): string {
  const type = humanize(step.furniture_type);
  switch (step.action) {
    case 'furniture_placement':
      return `Placed ${type.toLowerCase()}`;
    case 'themed_placement':
      return step.theme_key ? `Placed ${type.toLowerCase()} (${humanize(step.theme_key)})` : `Placed ${type.toLowerCase()}`;
    case 'custom_furniture_placement':
      return 'Placed your own furniture';
    case 'drawing_add_furniture':
      return `Added ${type.toLowerCase()} in a drawn area`;
    case 'removal':
      return `Removed ${type.toLowerCase()}`;
    case 'replacement':
      return `Replaced with ${type.toLowerCase()}`;
    case 'wall_material_change':
      return `Walls: ${type.toLowerCase()}`;
    case 'drawing_erase':
      return 'Erased a drawn area';
    case 'enhancement_4k':
      return 'Enhanced to 4K';
    case 'enhancement_8k':
      return 'Enhanced to 8K';
    default:
      return type;
  }
}

/** The first 8 characters of a session id: how cards and titles name a session (001 section 2). */
export const shortSessionId = (sessionId: string) => sessionId.slice(0, 8);

/** A download's file name that says what it is: session, step number and what the step did. */
export function stepFileName(sessionId: string, index: number, step: Pick<PlacementRecord, 'furniture_type'>): string {
  const what = step.furniture_type.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'image';
  return `stagecraft-${shortSessionId(sessionId)}-step-${index + 1}-${what}`;
}
