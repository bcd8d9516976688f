import { MANUAL_OBJECT_CATEGORIES, THEME_KEYS } from '@stagecraft/contracts';
import { describe, expect, it } from 'vitest';
import { MANUAL_OBJECT_TYPES, THEMES, WALL_MATERIALS, WALL_MATERIAL_KEYS, themeMaterials } from './catalogue.ts';

describe('studio catalogue', () => {
  it('describes the 16 themes of 001 section 9, each in one sentence', () => {
    expect(Object.keys(THEMES).sort()).toEqual([...THEME_KEYS].sort());
    for (const { name, description } of Object.values(THEMES)) {
      expect(name.length).toBeGreaterThan(2);
      expect(description).toMatch(/^[A-Z][^.]{20,}\.$/);
    }
  });

  it('has 56 manual object types in the 8 categories, 7 each, snake_case keys and Title Case labels', () => {
    const entries = Object.entries(MANUAL_OBJECT_TYPES);
    expect(entries).toHaveLength(56);
    for (const category of MANUAL_OBJECT_CATEGORIES) {
      expect(
        entries.filter(([, type]) => type.category === category),
        category,
      ).toHaveLength(7);
    }
    for (const [key, { label }] of entries) {
      expect(key).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(label).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+)*$/);
    }
    expect(new Set(entries.map(([, type]) => type.label)).size).toBe(56);
  });

  it('names 20 distinct wall materials (the server test checks them against the engine)', () => {
    expect(new Set(WALL_MATERIAL_KEYS).size).toBe(20);
    for (const key of WALL_MATERIAL_KEYS) expect(WALL_MATERIALS[key].length).toBeGreaterThan(2);
  });

  it('suggests for every theme several wall materials, all of them known keys', () => {
    for (const theme of THEME_KEYS) {
      const materials = themeMaterials(theme);
      expect(materials.length, theme).toBeGreaterThanOrEqual(4);
      expect(new Set(materials).size).toBe(materials.length);
      for (const key of materials) expect(WALL_MATERIAL_KEYS as readonly string[]).toContain(key);
    }
  });
});
