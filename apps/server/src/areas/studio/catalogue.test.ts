import { THEME_KEYS } from '@stagecraft/contracts';
import { themeMaterials, WALL_MATERIAL_KEYS } from '@stagecraft/furniture';
import { WALL_MATERIALS } from '@stagecraft/vision';
import { describe, expect, it } from 'vitest';
import { furnitureTypeFromName } from './catalogue.ts';

describe('the studio catalogue and the engine', () => {
  it('offers exactly the wall materials the engine can lay', () => {
    expect([...WALL_MATERIAL_KEYS].sort()).toEqual(Object.keys(WALL_MATERIALS).sort());
  });

  it('suggests for every theme only materials the engine knows', () => {
    for (const theme of THEME_KEYS) {
      expect(themeMaterials(theme).length).toBeGreaterThan(0);
      for (const material of themeMaterials(theme)) expect(Object.keys(WALL_MATERIALS)).toContain(material);
    }
  });
});

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
