import { describe, expect, it } from 'vitest';
import { furnitureTypeFromName } from './catalogue.ts';

describe('furnitureTypeFromName', () => {
  it('reads what people type in the replace prompt as a library type', () => {
    expect(furnitureTypeFromName('sofa')).toBe('sofa');
    expect(furnitureTypeFromName('  Coffee Table ')).toBe('coffee_table');
    expect(furnitureTypeFromName('Couch')).toBe('sofa');
    expect(furnitureTypeFromName('chairs')).toBe('armchair');
    expect(furnitureTypeFromName('Rugs')).toBe('rug');
  });

  it('leaves an unknown name as typed (normalised), for the caller to refuse', () => {
    expect(furnitureTypeFromName('Grand Piano')).toBe('grand_piano');
  });
});
