"""
Stagecraft before/after room renders: the landing page's living room and the
room-staging guides' bedroom, dining room and home office.

Builds a complete room in Blender (walls, wood floor, skirting, a window with
daylight, a door) entirely from code -- no downloaded assets -- and renders either

  * variant "empty"  : the bare room, as a real-estate photographer would shoot it
  * variant "staged" : the SAME room, camera, lights, exposure and seed, virtually
                       staged with furniture.

Rooms (--room, default living):
  living   sofa, cushions, rug, coffee table, armchair, floor lamp, plant, framed art
           (modelled in this file; the landing page's pair)
  bedroom  bed with bedding and pillows, two nightstands with lamps, rug, art, plant
  dining   table with six chairs, pendant, sideboard, rug, art, plant
  office   desk with chair, bookshelf with books, floor lamp, plant, rug
The guide rooms are staged with the app's own furniture generators
(assets/furniture/blender/pieces.py) and catalogue parameters (themes.py).
Every room is one RoomSpec (size, paint, floor, window, door, camera, sun, fill,
exposure, staging function) read by the shared room, camera and light builders.

Usage (headless):

  blender -b --factory-startup -t 1 -P assets/landing/render_room.py -- \
      --room living|bedroom|dining|office --variant empty|staged \
      --out PATH.png --width 1200 --height 800 --samples N

Optional flags:
  --no-denoise   write the raw Cycles result (no edge-aware filtering)
  --keep-raw     additionally write PATH_raw.png (unfiltered) next to PATH

This Blender build (Debian 3.4.1) ships without OpenImageDenoise, so the script
renders the beauty pass plus Cycles' "denoising data" (albedo + normal) to EXR
and applies a small, albedo/normal-guided cross-bilateral filter in numpy on
the demodulated illumination.  The result is then written through the scene's
Filmic view transform.

Units are metres.  Room interior: x in [0, width], y in [0, depth],
floor at z = 0.  The camera stands near the front-right corner and looks
three-quarter toward the back-left corner (window wall on the left).
"""

import bpy
import bmesh
import glob
import math
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

import numpy as np
from mathutils import Vector, Euler

# Mesh and node helpers are shared with the furniture library's pipeline, which grew out of this script.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "furniture", "blender"))
from geometry import (  # noqa: E402
    add_bevel, add_subsurf, box, box_minmax, cylinder, empty, grid_mesh, lathe, link, smooth_mesh, sphere_mesh,
)
from cycles_io import aim, denoise, filmic_look, load_exr, new_world, setup_compositor, setup_cycles  # noqa: E402
from materials import (  # noqa: E402
    Materials, bump, finish, map_range, mix_rgb, mix_shader, new_material, noise, obj_coords, principled, ramp,
)
import pieces  # noqa: E402  (the app's furniture generators, reused for the guide rooms)
import themes  # noqa: E402  (their catalogue parameter sets)


# ----------------------------------------------------------------------------
# Command line
# ----------------------------------------------------------------------------

def parse_args():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    opts = {"room": "living", "variant": "empty", "out": "/tmp/room.png", "width": 1200,
            "height": 800, "samples": 64, "denoise": True, "keep_raw": False}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--room":
            opts["room"] = argv[i + 1]; i += 2
        elif a == "--variant":
            opts["variant"] = argv[i + 1]; i += 2
        elif a == "--out":
            opts["out"] = argv[i + 1]; i += 2
        elif a == "--width":
            opts["width"] = int(argv[i + 1]); i += 2
        elif a == "--height":
            opts["height"] = int(argv[i + 1]); i += 2
        elif a == "--samples":
            opts["samples"] = int(argv[i + 1]); i += 2
        elif a == "--no-denoise":
            opts["denoise"] = False; i += 1
        elif a == "--keep-raw":
            opts["keep_raw"] = True; i += 1
        else:
            raise SystemExit("unknown argument: %s" % a)
    if opts["room"] not in ROOMS:
        raise SystemExit("--room must be one of: %s" % ", ".join(ROOMS))
    if opts["variant"] not in ("empty", "staged"):
        raise SystemExit("--variant must be 'empty' or 'staged'")
    return opts


# ----------------------------------------------------------------------------
# Constants shared by every room (the per-room numbers live in a RoomSpec, below)
# ----------------------------------------------------------------------------

WALL_T = 0.16     # wall thickness
DOOR_H = 2.10     # door opening height (leaf ~2.09 m, a standard interior door)


# ----------------------------------------------------------------------------
# Generic helpers
# ----------------------------------------------------------------------------


# ----------------------------------------------------------------------------
# Material helpers (Cycles node trees)
# ----------------------------------------------------------------------------


def mat_paint(name, color, rough=0.85, bump_strength=0.04):
    """Matte/satin paint: very subtle roller texture + slight tone variation."""
    mat, nt, out = new_material(name)
    vec = obj_coords(nt)
    n_fine = noise(nt, vec, 180.0, 6.0, 0.6)
    n_big = noise(nt, vec, 1.5, 3.0, 0.5)
    col = mix_rgb(nt, "MULTIPLY", 1.0, color,
                  map_range(nt, n_big.outputs["Fac"], 0.3, 0.7, 0.97, 1.02))
    p = principled(nt, color, rough, Specular=0.35)
    nt.links.new(col, p.inputs["Base Color"])
    nt.links.new(bump(nt, n_fine.outputs["Fac"], bump_strength, 0.002), p.inputs["Normal"])
    nt.links.new(p.outputs[0], out.inputs["Surface"])
    return mat


def wood_nodes(nt, vec, dark, light, grain_scale=6.0, plank_offset=None, pore=0.35):
    """Procedural wood: distorted wave bands (growth rings) + stretched pores.

    The grain runs along local X.  Returns (color socket, height socket).
    """
    if plank_offset is not None:
        # shift the coordinate per plank so neighbouring boards differ
        add = nt.nodes.new("ShaderNodeVectorMath")
        add.operation = "ADD"
        nt.links.new(vec, add.inputs[0])
        sc = nt.nodes.new("ShaderNodeVectorMath")
        sc.operation = "MULTIPLY"
        sc.inputs[1].default_value = (37.0, 11.0, 5.0)
        nt.links.new(plank_offset, sc.inputs[0])
        nt.links.new(sc.outputs[0], add.inputs[1])
        vec = add.outputs[0]
    # stretch along X so features become long fibres
    st = nt.nodes.new("ShaderNodeMapping")
    st.inputs["Scale"].default_value = (0.12, 1.0, 1.0)
    nt.links.new(vec, st.inputs["Vector"])
    wave = nt.nodes.new("ShaderNodeTexWave")
    wave.wave_type = "BANDS"
    wave.bands_direction = "Y"
    wave.inputs["Scale"].default_value = grain_scale
    wave.inputs["Distortion"].default_value = 9.0
    wave.inputs["Detail"].default_value = 3.0
    wave.inputs["Detail Scale"].default_value = 1.2
    nt.links.new(st.outputs[0], wave.inputs["Vector"])
    pores_map = nt.nodes.new("ShaderNodeMapping")
    pores_map.inputs["Scale"].default_value = (4.0, 180.0, 180.0)
    nt.links.new(vec, pores_map.inputs["Vector"])
    pores = noise(nt, pores_map.outputs[0], 1.0, 2.0, 0.5)
    rings = ramp(nt, wave.outputs["Fac"], [(0.0, light), (0.55, dark), (1.0, light)])
    pore_fac = map_range(nt, pores.outputs["Fac"], 0.35, 0.75, 0.0, pore)
    col = mix_rgb(nt, "MULTIPLY", pore_fac, rings, (0.55, 0.5, 0.45))
    height = mix_rgb(nt, "ADD", 0.5, wave.outputs["Fac"], pores.outputs["Fac"])
    return col, height


def mat_wood(name, dark, light, rough=0.45, grain_scale=6.0):
    mat, nt, out = new_material(name)
    vec = obj_coords(nt)
    col, height = wood_nodes(nt, vec, dark, light, grain_scale)
    p = principled(nt, light, rough, Specular=0.45, Clearcoat=0.15,
                   Clearcoat_Roughness=0.25)
    nt.links.new(col, p.inputs["Base Color"])
    nt.links.new(bump(nt, height, 0.06, 0.002), p.inputs["Normal"])
    nt.links.new(p.outputs[0], out.inputs["Surface"])
    return mat


def mat_floor(dark=(0.27, 0.155, 0.075), light=(0.50, 0.33, 0.18), board_w=0.185,
              board_l=1.45, name="OakFloor"):
    """Plank floor: brick texture = staggered boards with hairline seams,
    per-board tone + grain offset, satin lacquer with roughness variation.
    The defaults are the living room's oak; other rooms pass their own wood tones
    and board sizes so the four guide rooms don't share one floor."""
    mat, nt, out = new_material(name)
    vec = obj_coords(nt)
    brick = nt.nodes.new("ShaderNodeTexBrick")
    brick.offset = 0.37
    brick.offset_frequency = 1
    brick.squash = 1.0
    brick.inputs["Scale"].default_value = 1.0
    brick.inputs["Brick Width"].default_value = board_l
    brick.inputs["Row Height"].default_value = board_w
    brick.inputs["Mortar Size"].default_value = 0.0032
    brick.inputs["Mortar Smooth"].default_value = 0.3
    brick.inputs["Bias"].default_value = 0.0
    brick.inputs["Color1"].default_value = (0.0, 0.0, 0.0, 1)
    brick.inputs["Color2"].default_value = (1.0, 1.0, 1.0, 1)
    brick.inputs["Mortar"].default_value = (0.0, 0.0, 0.0, 1)
    nt.links.new(vec, brick.inputs["Vector"])
    # brick "Color" output = random grey per board (mortar black)
    col, height = wood_nodes(nt, vec, dark, light,
                             grain_scale=5.0, plank_offset=brick.outputs["Color"], pore=0.12)
    tone = map_range(nt, brick.outputs["Color"], 0.0, 1.0, 0.72, 1.15)
    col = mix_rgb(nt, "MULTIPLY", 1.0, col, tone)
    # darken the seams
    col = mix_rgb(nt, "MIX", brick.outputs["Fac"], col, (0.05, 0.035, 0.025))
    rough_n = noise(nt, vec, 3.0, 4.0, 0.6)
    rough = map_range(nt, rough_n.outputs["Fac"], 0.3, 0.7, 0.26, 0.42)
    p = principled(nt, (0.5, 0.35, 0.2), 0.32, Specular=0.5)
    nt.links.new(col, p.inputs["Base Color"])
    nt.links.new(rough, p.inputs["Roughness"])
    seam_h = map_range(nt, brick.outputs["Fac"], 0.0, 1.0, 1.0, 0.0)
    nrm = bump(nt, seam_h, 0.5, 0.003)
    nrm = bump(nt, height, 0.03, 0.002, normal=nrm)
    nt.links.new(nrm, p.inputs["Normal"])
    nt.links.new(p.outputs[0], out.inputs["Surface"])
    return mat


def mat_fabric(name, color, rough=0.92, sheen=0.6, weave=420.0, var=0.12):
    """Upholstery fabric: woven micro bump, mottled tone, sheen, varied roughness."""
    mat, nt, out = new_material(name)
    vec = obj_coords(nt)
    # woven pattern: two crossed sine waves
    w1 = nt.nodes.new("ShaderNodeTexWave")
    w1.bands_direction = "X"
    w1.inputs["Scale"].default_value = weave
    w1.inputs["Distortion"].default_value = 0.5
    nt.links.new(vec, w1.inputs["Vector"])
    w2 = nt.nodes.new("ShaderNodeTexWave")
    w2.bands_direction = "Z"
    w2.inputs["Scale"].default_value = weave
    w2.inputs["Distortion"].default_value = 0.5
    nt.links.new(vec, w2.inputs["Vector"])
    weave_h = mix_rgb(nt, "MULTIPLY", 1.0, w1.outputs["Fac"], w2.outputs["Fac"])
    slub = noise(nt, vec, 90.0, 6.0, 0.65)
    mottle = noise(nt, vec, 6.0, 4.0, 0.55)
    tone = map_range(nt, mottle.outputs["Fac"], 0.3, 0.7, 1.0 - var, 1.0 + var * 0.6)
    col = mix_rgb(nt, "MULTIPLY", 1.0, color, tone)
    col = mix_rgb(nt, "MULTIPLY",
                  map_range(nt, slub.outputs["Fac"], 0.3, 0.7, 0.0, 0.25), col, (0.75, 0.75, 0.75))
    p = principled(nt, color, rough, Sheen=sheen, Sheen_Tint=0.6, Specular=0.3)
    nt.links.new(col, p.inputs["Base Color"])
    nt.links.new(map_range(nt, slub.outputs["Fac"], 0.2, 0.8, rough - 0.08, min(rough + 0.06, 1.0)),
                 p.inputs["Roughness"])
    nrm = bump(nt, weave_h, 0.12, 0.001)
    nrm = bump(nt, slub.outputs["Fac"], 0.08, 0.002, normal=nrm)
    nt.links.new(nrm, p.inputs["Normal"])
    nt.links.new(p.outputs[0], out.inputs["Surface"])
    return mat


def mat_ceramic(name, color, rough=0.18, speck=True):
    mat, nt, out = new_material(name)
    vec = obj_coords(nt)
    p = principled(nt, color, rough, Specular=0.5, Clearcoat=0.6, Clearcoat_Roughness=0.08)
    if speck:
        n = noise(nt, vec, 220.0, 2.0, 0.5)
        col = mix_rgb(nt, "MULTIPLY", map_range(nt, n.outputs["Fac"], 0.62, 0.72, 0.0, 0.5),
                      color, (0.45, 0.4, 0.35))
        nt.links.new(col, p.inputs["Base Color"])
        ng = noise(nt, vec, 25.0, 3.0, 0.5)
        nt.links.new(bump(nt, ng.outputs["Fac"], 0.05, 0.002), p.inputs["Normal"])
    nt.links.new(p.outputs[0], out.inputs["Surface"])
    return mat


def mat_simple(name, color, rough=0.5, **kw):
    mat, nt, out = new_material(name)
    p = principled(nt, color, rough, **kw)
    nt.links.new(p.outputs[0], out.inputs["Surface"])
    return mat


def mat_metal(name, color, rough=0.3):
    mat, nt, out = new_material(name)
    vec = obj_coords(nt)
    n = noise(nt, vec, 40.0, 4.0, 0.6)
    p = principled(nt, color, rough, Metallic=1.0)
    nt.links.new(map_range(nt, n.outputs["Fac"], 0.3, 0.7, rough - 0.08, rough + 0.08),
                 p.inputs["Roughness"])
    nt.links.new(p.outputs[0], out.inputs["Surface"])
    return mat


def mat_glass():
    """Window glass: mostly transparent (so sun & sky shadow rays pass)
    with a faint glossy reflection."""
    mat, nt, out = new_material("WindowGlass")
    tr = nt.nodes.new("ShaderNodeBsdfTransparent")
    tr.inputs["Color"].default_value = (0.96, 0.98, 0.97, 1)
    gl = nt.nodes.new("ShaderNodeBsdfGlossy")
    gl.inputs["Roughness"].default_value = 0.02
    finish(nt, out, mix_shader(nt, 0.06, tr, gl))
    return mat


def mat_leaf():
    """Glossy-ish leaf with colour variation and back-lit translucency."""
    mat, nt, out = new_material("Leaf")
    vec = obj_coords(nt)
    n = noise(nt, vec, 8.0, 3.0, 0.5)
    col = ramp(nt, n.outputs["Fac"], [(0.3, (0.035, 0.09, 0.02)), (0.7, (0.09, 0.19, 0.04))])
    p = principled(nt, (0.06, 0.14, 0.03), 0.42, Specular=0.45)
    nt.links.new(col, p.inputs["Base Color"])
    tl = nt.nodes.new("ShaderNodeBsdfTranslucent")
    tl.inputs["Color"].default_value = (0.18, 0.32, 0.05, 1)
    finish(nt, out, mix_shader(nt, 0.22, p, tl))
    return mat


def mat_rug():
    """Hand-woven wool rug: cream field, thin charcoal/terracotta border."""
    mat, nt, out = new_material("Rug")
    tc = nt.nodes.new("ShaderNodeTexCoord")
    sep = nt.nodes.new("ShaderNodeSeparateXYZ")
    nt.links.new(tc.outputs["Object"], sep.inputs[0])
    # distance to the rug edge: min(hx - |x|, hy - |y|)
    def absdist(sock, half):
        a = nt.nodes.new("ShaderNodeMath"); a.operation = "ABSOLUTE"
        nt.links.new(sock, a.inputs[0])
        s = nt.nodes.new("ShaderNodeMath"); s.operation = "SUBTRACT"
        s.inputs[0].default_value = half
        nt.links.new(a.outputs[0], s.inputs[1])
        return s.outputs[0]
    dx = absdist(sep.outputs["X"], RUG_DIMS[0] / 2)
    dy = absdist(sep.outputs["Y"], RUG_DIMS[1] / 2)
    mn = nt.nodes.new("ShaderNodeMath"); mn.operation = "MINIMUM"
    nt.links.new(dx, mn.inputs[0]); nt.links.new(dy, mn.inputs[1])
    border = ramp(nt, mn.outputs[0], [
        (0.0, (0.62, 0.58, 0.50)), (0.075, (0.62, 0.58, 0.50)),
        (0.0751, (0.16, 0.14, 0.13)), (0.095, (0.16, 0.14, 0.13)),
        (0.0951, (0.72, 0.68, 0.60)), (0.15, (0.72, 0.68, 0.60)),
        (0.1501, (0.50, 0.24, 0.15)), (0.16, (0.50, 0.24, 0.15)),
        (0.1601, (0.74, 0.70, 0.62)), (1.0, (0.74, 0.70, 0.62))], interp="CONSTANT")
    vec = obj_coords(nt)
    fuzz = noise(nt, vec, 300.0, 8.0, 0.7)
    mottle = noise(nt, vec, 4.0, 4.0, 0.6)
    col = mix_rgb(nt, "MULTIPLY", 1.0, border,
                  map_range(nt, mottle.outputs["Fac"], 0.3, 0.7, 0.9, 1.05))
    col = mix_rgb(nt, "MULTIPLY", 1.0, col,
                  map_range(nt, fuzz.outputs["Fac"], 0.3, 0.7, 0.8, 1.05))
    p = principled(nt, (0.7, 0.66, 0.58), 0.97, Sheen=0.8, Sheen_Tint=0.5, Specular=0.25)
    nt.links.new(col, p.inputs["Base Color"])
    nt.links.new(bump(nt, fuzz.outputs["Fac"], 0.35, 0.003), p.inputs["Normal"])
    nt.links.new(p.outputs[0], out.inputs["Surface"])
    return mat


ART_TERRACOTTA = ((0.62, 0.30, 0.18), (0.85, 0.78, 0.66), (0.11, 0.17, 0.25), (0.78, 0.58, 0.28))


def mat_art(palette=ART_TERRACOTTA, name="Art", scale=1.6):
    """Abstract colour-field print for the framed picture (on canvas-like paper).
    palette: four linear-RGB colours laid out by a soft noise field."""
    mat, nt, out = new_material(name)
    vec = obj_coords(nt, (1.0, 1.0, 1.0))
    n = noise(nt, vec, scale, 2.0, 0.45)
    c0, c1, c2, c3 = palette
    shapes = ramp(nt, n.outputs["Fac"], [
        (0.0, c0), (0.40, c0),
        (0.42, c1), (0.52, c1),
        (0.54, c2), (0.62, c2),
        (0.64, c3), (1.0, c3)], interp="LINEAR")
    paper = noise(nt, vec, 400.0, 4.0, 0.6)
    p = principled(nt, (0.8, 0.7, 0.6), 0.85, Specular=0.3)
    nt.links.new(shapes, p.inputs["Base Color"])
    nt.links.new(bump(nt, paper.outputs["Fac"], 0.1, 0.001), p.inputs["Normal"])
    nt.links.new(p.outputs[0], out.inputs["Surface"])
    return mat


def mat_lampshade():
    """Linen shade: diffuse fabric mixed with translucency."""
    mat, nt, out = new_material("LampShade")
    vec = obj_coords(nt)
    n = noise(nt, vec, 300.0, 4.0, 0.6)
    p = principled(nt, (0.80, 0.74, 0.64), 0.95, Sheen=0.4)
    nt.links.new(bump(nt, n.outputs["Fac"], 0.1, 0.001), p.inputs["Normal"])
    tl = nt.nodes.new("ShaderNodeBsdfTranslucent")
    tl.inputs["Color"].default_value = (0.85, 0.75, 0.6, 1)
    finish(nt, out, mix_shader(nt, 0.3, p, tl))
    return mat


def mat_tile(color=(0.62, 0.62, 0.6), grout=(0.32, 0.31, 0.29), size=0.3, offset=0.0, rough=0.28,
             name="Tile"):
    """Glazed tiles on a grid (offset 0) or in a running bond: brick texture for the
    layout, a per-tile tone shift, darker recessed grout and a glossy glaze."""
    mat, nt, out = new_material(name)
    vec = obj_coords(nt)
    brick = nt.nodes.new("ShaderNodeTexBrick")
    brick.offset = offset
    brick.offset_frequency = 1
    brick.squash = 1.0
    brick.inputs["Scale"].default_value = 1.0
    brick.inputs["Brick Width"].default_value = size
    brick.inputs["Row Height"].default_value = size if offset == 0.0 else size / 2
    brick.inputs["Mortar Size"].default_value = 0.004
    brick.inputs["Mortar Smooth"].default_value = 0.2
    brick.inputs["Color1"].default_value = (0.0, 0.0, 0.0, 1)
    brick.inputs["Color2"].default_value = (1.0, 1.0, 1.0, 1)
    brick.inputs["Mortar"].default_value = (0.0, 0.0, 0.0, 1)
    nt.links.new(vec, brick.inputs["Vector"])
    tone = map_range(nt, brick.outputs["Color"], 0.0, 1.0, 0.94, 1.05)
    col = mix_rgb(nt, "MULTIPLY", 1.0, color, tone)
    col = mix_rgb(nt, "MIX", brick.outputs["Fac"], col, grout)
    p = principled(nt, color, rough, Specular=0.5)
    nt.links.new(col, p.inputs["Base Color"])
    nt.links.new(map_range(nt, brick.outputs["Fac"], 0.0, 1.0, rough, 0.85), p.inputs["Roughness"])
    nt.links.new(bump(nt, map_range(nt, brick.outputs["Fac"], 0.0, 1.0, 1.0, 0.0), 0.4, 0.002),
                 p.inputs["Normal"])
    nt.links.new(p.outputs[0], out.inputs["Surface"])
    return mat


def mat_grass():
    mat, nt, out = new_material("OutsideGreen")
    vec = obj_coords(nt)
    n = noise(nt, vec, 0.8, 6.0, 0.6)
    col = ramp(nt, n.outputs["Fac"], [(0.3, (0.10, 0.16, 0.05)), (0.7, (0.22, 0.28, 0.09))])
    p = principled(nt, (0.1, 0.15, 0.04), 0.9)
    nt.links.new(col, p.inputs["Base Color"])
    nt.links.new(p.outputs[0], out.inputs["Surface"])
    return mat


RUG_DIMS = (2.6, 1.85, 0.012)


# ----------------------------------------------------------------------------
# Architecture (present in both variants)
# ----------------------------------------------------------------------------

def build_room(M, S):
    """Shell of the room described by the spec S: walls with a window opening in the
    left wall (x = 0) and a door in the back wall (y = depth), trims, and the garden
    seen through the window."""
    T = WALL_T
    ROOM_X, ROOM_Y, ROOM_H = S.size
    WIN_Y0, WIN_Y1, WIN_Z0, WIN_Z1 = S.window
    DOOR_X0, DOOR_X1 = S.door
    # floor slab (top surface at z=0) and ceiling slab
    box_minmax("Floor", -T, ROOM_X + T, -T, ROOM_Y + T, -0.06, 0.0, M["floor"], bevel=0)
    box_minmax("Ceiling", -T, ROOM_X + T, -T, ROOM_Y + T, ROOM_H, ROOM_H + 0.1,
               M["ceiling"], bevel=0)

    # right wall (x = ROOM_X) and front wall (y = 0, behind the camera)
    box_minmax("WallRight", ROOM_X, ROOM_X + T, -T, ROOM_Y + T, 0, ROOM_H, M["wall"], bevel=0)
    box_minmax("WallFront", -T, ROOM_X + T, -T, 0, 0, ROOM_H, M["wall"], bevel=0)

    # back wall with the door opening
    box_minmax("WallB_a", -T, DOOR_X0, ROOM_Y, ROOM_Y + T, 0, ROOM_H, M["wall"], bevel=0)
    box_minmax("WallB_b", DOOR_X1, ROOM_X + T, ROOM_Y, ROOM_Y + T, 0, ROOM_H, M["wall"], bevel=0)
    box_minmax("WallB_head", DOOR_X0, DOOR_X1, ROOM_Y, ROOM_Y + T, DOOR_H, ROOM_H, M["wall"], bevel=0)

    if S.open_left:
        build_porch_side(M, S)
    else:
        build_window_wall(M, S)

    build_door_and_trims(M, S)
    if S.fixtures is not None:
        S.fixtures(M, S)


def build_window_wall(M, S):
    """Left wall (x = 0) with its window: four wall pieces around the hole, frame, glass, sill."""
    T = WALL_T
    ROOM_X, ROOM_Y, ROOM_H = S.size
    WIN_Y0, WIN_Y1, WIN_Z0, WIN_Z1 = S.window
    box_minmax("WallL_a", -T, 0, -T, WIN_Y0, 0, ROOM_H, M["wall"], bevel=0)
    box_minmax("WallL_b", -T, 0, WIN_Y1, ROOM_Y + T, 0, ROOM_H, M["wall"], bevel=0)
    box_minmax("WallL_sill", -T, 0, WIN_Y0, WIN_Y1, 0, WIN_Z0, M["wall"], bevel=0)
    box_minmax("WallL_head", -T, 0, WIN_Y0, WIN_Y1, WIN_Z1, ROOM_H, M["wall"], bevel=0)

    # ---- window: slim dark aluminium frame, 3 panes, glass, interior sill board
    fw = 0.055                      # frame profile width
    fx0, fx1 = -0.11, -0.05         # frame depth inside the wall
    fm = M["window_frame"]
    box_minmax("WinFrameBottom", fx0, fx1, WIN_Y0, WIN_Y1, WIN_Z0, WIN_Z0 + fw, fm, 0.004)
    box_minmax("WinFrameTop", fx0, fx1, WIN_Y0, WIN_Y1, WIN_Z1 - fw, WIN_Z1, fm, 0.004)
    box_minmax("WinFrameL", fx0, fx1, WIN_Y0, WIN_Y0 + fw, WIN_Z0, WIN_Z1, fm, 0.004)
    box_minmax("WinFrameR", fx0, fx1, WIN_Y1 - fw, WIN_Y1, WIN_Z0, WIN_Z1, fm, 0.004)
    span = WIN_Y1 - WIN_Y0
    for k in range(1, S.panes):
        yc = WIN_Y0 + span * k / S.panes
        box_minmax("WinMullion%d" % k, fx0, fx1, yc - fw * 0.6, yc + fw * 0.6,
                   WIN_Z0, WIN_Z1, fm, 0.004)
    if S.transom_z is not None:
        box_minmax("WinTransom", fx0, fx1, WIN_Y0, WIN_Y1, S.transom_z, S.transom_z + fw * 0.9,
                   fm, 0.004)
    box_minmax("WinGlass", -0.082, -0.078, WIN_Y0 + fw, WIN_Y1 - fw, WIN_Z0 + fw,
               WIN_Z1 - fw, M["glass"], bevel=0)
    box_minmax("WinSillBoard", -0.05, 0.035, WIN_Y0 - 0.03, WIN_Y1 + 0.03,
               WIN_Z0 - 0.025, WIN_Z0 + 0.004, M["trim"], 0.004)


def build_porch_side(M, S):
    """A covered porch's open side (x = 0): corner posts, a low rail with balusters,
    the deck's edge board over the lawn and the beam under the roof."""
    T = WALL_T
    ROOM_X, ROOM_Y, ROOM_H = S.size
    tm = M["trim"]
    for y in (0.12, ROOM_Y / 2, ROOM_Y - 0.12):
        box_minmax("PorchPost", 0.02, 0.16, y - 0.07, y + 0.07, 0, ROOM_H, tm, 0.006)
    # top rail and bottom rail between the posts, balusters every 12 cm
    box_minmax("PorchRailTop", 0.04, 0.14, 0.12, ROOM_Y - 0.12, 0.86, 0.91, tm, 0.006)
    box_minmax("PorchRailBottom", 0.06, 0.12, 0.12, ROOM_Y - 0.12, 0.08, 0.12, tm, 0.004)
    n = int((ROOM_Y - 0.4) / 0.12)
    for i in range(n + 1):
        y = 0.2 + i * (ROOM_Y - 0.4) / n
        if abs(y - ROOM_Y / 2) < 0.1:
            continue
        box_minmax("Baluster", 0.075, 0.105, y - 0.015, y + 0.015, 0.12, 0.86, tm, 0.003)
    # the deck stands 0.4 m over the lawn: a fascia board all along its open edge
    box_minmax("DeckFascia", -0.04, 0.0, -T, ROOM_Y + T, -0.42, 0.0, tm, 0.004)
    # beam over the open side carrying the porch roof
    box_minmax("PorchBeam", 0.0, 0.2, -T, ROOM_Y + T, ROOM_H - 0.22, ROOM_H, tm, 0.006)


def build_door_and_trims(M, S):
    """Back-wall door, skirting boards and cornice (skirting and cornice stay off an open side)."""
    ROOM_X, ROOM_Y, ROOM_H = S.size
    WIN_Y0, WIN_Y1, WIN_Z0, WIN_Z1 = S.window
    DOOR_X0, DOOR_X1 = S.door
    T = WALL_T

    # ---- door: architrave, closed panel door, handle
    tm = M["trim"]
    aw, at = 0.07, 0.018
    y_in = ROOM_Y - at
    box_minmax("ArchL", DOOR_X0 - aw, DOOR_X0, y_in, ROOM_Y, 0, DOOR_H, tm, 0.004)
    box_minmax("ArchR", DOOR_X1, DOOR_X1 + aw, y_in, ROOM_Y, 0, DOOR_H, tm, 0.004)
    box_minmax("ArchTop", DOOR_X0 - aw, DOOR_X1 + aw, y_in, ROOM_Y, DOOR_H, DOOR_H + aw, tm, 0.004)
    box_minmax("DoorLeaf", DOOR_X0 + 0.004, DOOR_X1 - 0.004, ROOM_Y + 0.02, ROOM_Y + 0.06,
               0.006, DOOR_H - 0.004, tm, 0.003)
    # recessed-looking panels: thin raised mouldings on the leaf
    for (z0, z1) in ((0.18, 0.95), (1.12, 1.92)):
        box_minmax("DoorPanel", DOOR_X0 + 0.12, DOOR_X1 - 0.12, ROOM_Y + 0.012, ROOM_Y + 0.02,
                   z0, z1, tm, 0.006)
    hx = DOOR_X1 - 0.09
    cylinder("DoorRose", 0.028, 0.028, 0.012, (hx, ROOM_Y + 0.012, 1.02), M["brass"],
             rot=(math.radians(90), 0, 0), bevel=0.003)
    box("DoorHandle", (0.02, 0.02, 0.13), (hx, ROOM_Y - 0.03, 1.02 - 0.06), M["brass"],
        bevel=0.008, rot=(math.radians(90), 0, 0))

    # ---- skirting boards along the walls (15 mm x 110 mm, bevelled top)
    sk_h, sk_t = 0.11, 0.016
    box_minmax("SkirtBack1", 0, DOOR_X0 - aw, ROOM_Y - sk_t, ROOM_Y, 0, sk_h, tm, 0.004)
    box_minmax("SkirtBack2", DOOR_X1 + aw, ROOM_X, ROOM_Y - sk_t, ROOM_Y, 0, sk_h, tm, 0.004)
    if not S.open_left:
        box_minmax("SkirtLeft1", 0, sk_t, 0, WIN_Y0, 0, sk_h, tm, 0.004)
        box_minmax("SkirtLeft2", 0, sk_t, WIN_Y0, WIN_Y1, 0, sk_h, tm, 0.004)
        box_minmax("SkirtLeft3", 0, sk_t, WIN_Y1, ROOM_Y, 0, sk_h, tm, 0.004)
    box_minmax("SkirtRight", ROOM_X - sk_t, ROOM_X, 0, ROOM_Y, 0, sk_h, tm, 0.004)
    box_minmax("SkirtFront", 0, ROOM_X, 0, sk_t, 0, sk_h, tm, 0.004)

    # ---- a thin shadow-gap cornice where walls meet the ceiling
    cm = M["ceiling"]
    box_minmax("CorniceBack", 0, ROOM_X, ROOM_Y - 0.03, ROOM_Y, ROOM_H - 0.05, ROOM_H, cm, 0.006)
    if not S.open_left:
        box_minmax("CorniceLeft", 0, 0.03, 0, ROOM_Y, ROOM_H - 0.05, ROOM_H, cm, 0.006)
    box_minmax("CorniceRight", ROOM_X - 0.03, ROOM_X, 0, ROOM_Y, ROOM_H - 0.05, ROOM_H, cm, 0.006)

    # ---- outside: lawn, hedge and a few tree canopies seen through the window
    g = M["grass"]
    box_minmax("Lawn", -60, -T, -40, 40, -0.45, -0.4, g, bevel=0)
    rnd = random.Random(7)
    for i in range(9):
        y = -3 + i * 1.6 + rnd.uniform(-0.4, 0.4)
        s = rnd.uniform(1.1, 1.7)
        o = link(bpy.data.objects.new("Bush%d" % i, sphere_mesh("BushMesh%d" % i, 1.0, 24, 12)))
        o.location = (-9.0 + rnd.uniform(-0.5, 0.5), y, -0.2)
        o.scale = (s * 0.8, s, s * 0.75)
        o.data.materials.append(M["foliage"])


def mat_foliage():
    """Distant bushes/trees: lumpy bump + mottled greens."""
    mat, nt, out = new_material("Foliage")
    vec = obj_coords(nt)
    n = noise(nt, vec, 3.0, 8.0, 0.7)
    col = ramp(nt, n.outputs["Fac"], [(0.35, (0.04, 0.08, 0.02)), (0.65, (0.16, 0.24, 0.06))])
    p = principled(nt, (0.05, 0.1, 0.03), 0.8)
    nt.links.new(col, p.inputs["Base Color"])
    nt.links.new(bump(nt, n.outputs["Fac"], 0.9, 0.2), p.inputs["Normal"])
    # back-lit leaves glow a little (the sun is behind the hedge from our view)
    tl = nt.nodes.new("ShaderNodeBsdfTranslucent")
    tl.inputs["Color"].default_value = (0.25, 0.4, 0.08, 1)
    finish(nt, out, mix_shader(nt, 0.35, p, tl))
    return mat


# ----------------------------------------------------------------------------
# Furniture (staged variant only)
# ----------------------------------------------------------------------------

def pillow_mesh(name, w, h, t, cuts=10):
    """Throw-pillow: a subdivided slab whose thickness tapers to the seams."""
    mesh = bpy.data.meshes.new(name)
    bm = bmesh.new()
    bmesh.ops.create_cube(bm, size=1.0)
    bmesh.ops.subdivide_edges(bm, edges=bm.edges[:], cuts=cuts, use_grid_fill=True)
    for v in bm.verts:
        x, y, z = v.co.x * 2, v.co.y * 2, v.co.z * 2   # -1..1
        puff = (1 - abs(x) ** 2.5) * (1 - abs(z) ** 2.5)
        v.co.x = x * w / 2 * (1 - 0.06 * (1 - abs(z)))   # slight waist
        v.co.z = z * h / 2 * (1 - 0.06 * (1 - abs(x)))
        v.co.y = y * t / 2 * (0.12 + 0.88 * max(puff, 0) ** 0.6)
    bm.to_mesh(mesh)
    bm.free()
    for p in mesh.polygons:
        p.use_smooth = True
    return mesh


def soft_box(name, dims, loc, mat, radius=0.04, parent=None, rot=(0, 0, 0)):
    """Upholstered block: generous multi-segment bevel + one level of subsurf."""
    o = box(name, dims, loc, mat, bevel=radius, segments=4, parent=parent, rot=rot)
    o.modifiers["Bevel"].harden_normals = False
    add_subsurf(o, 1)
    return o


def build_sofa(name, center, facing_rot, width, fabric, leg_mat, n_seats=3,
               depth=0.94, pillows=()):
    """Modern track-arm sofa (also used for the armchair with n_seats=1).

    Local frame: x along the width, back at +y, front faces -y, z up.
    """
    root = empty(name, center, facing_rot)
    arm_w = 0.17
    seat_w = width - 2 * arm_w
    leg_h = 0.12
    # legs: tapered wooden cones
    for sx in (-1, 1):
        for sy in (-1, 1):
            cylinder(name + "Leg", 0.018, 0.024, leg_h,
                     (sx * (width / 2 - 0.07), sy * (depth / 2 - 0.08), 0),
                     leg_mat, segs=16, parent=root)
    # plinth / frame
    soft_box(name + "Base", (width - 0.02, depth - 0.02, 0.2),
             (0, 0, leg_h + 0.1), fabric, 0.03, root)
    # arms
    for sx in (-1, 1):
        soft_box(name + "Arm", (arm_w, depth, 0.46),
                 (sx * (width / 2 - arm_w / 2), 0, leg_h + 0.23), fabric, 0.06, root)
    # back frame
    soft_box(name + "Back", (seat_w + 0.02, 0.2, 0.5),
             (0, depth / 2 - 0.1, leg_h + 0.42), fabric, 0.05, root)
    # seat cushions
    cw = seat_w / n_seats
    for i in range(n_seats):
        x = -seat_w / 2 + cw * (i + 0.5)
        soft_box(name + "Seat%d" % i, (cw - 0.012, depth - 0.24, 0.17),
                 (x, -0.1, leg_h + 0.2 + 0.085), fabric, 0.07, root)
    # back cushions, leaning back ~12 degrees
    for i in range(n_seats):
        x = -seat_w / 2 + cw * (i + 0.5)
        soft_box(name + "BackCush%d" % i, (cw - 0.015, 0.2, 0.44),
                 (x, depth / 2 - 0.28, leg_h + 0.37 + 0.22), fabric, 0.08, root,
                 rot=(math.radians(-12), 0, 0))
    # throw pillows: (x, fabric, tilt_deg, yaw_deg)
    for k, (x, mat, tilt, yaw) in enumerate(pillows):
        o = link(bpy.data.objects.new(name + "Pillow%d" % k,
                                      pillow_mesh(name + "PillowMesh%d" % k, 0.46, 0.46, 0.17)))
        o.location = (x, depth / 2 - 0.42, leg_h + 0.37 + 0.24)
        o.rotation_euler = (math.radians(-18 + tilt * 0.3), math.radians(tilt), math.radians(yaw))
        o.data.materials.append(mat)
        add_subsurf(o, 1)
        o.parent = root
    return root


def build_coffee_table(M, center):
    root = empty("CoffeeTable", center, math.radians(0))
    top_h, th = 0.40, 0.035
    box("CTTop", (1.15, 0.62, th), (0, 0, top_h - th / 2), M["oak"], bevel=0.008,
        segments=3, parent=root)
    # lower shelf
    box("CTShelf", (1.0, 0.5, 0.02), (0, 0, 0.12), M["oak"], bevel=0.004, parent=root)
    for sx in (-1, 1):
        for sy in (-1, 1):
            box("CTLeg", (0.04, 0.04, top_h - th), (sx * 0.52, sy * 0.26, (top_h - th) / 2),
                M["oak"], bevel=0.004, parent=root)
    # styling: a stack of two books, a ceramic vase with a few stems, a bowl
    box("Book1", (0.30, 0.22, 0.032), (-0.26, 0.02, top_h + 0.016), M["book_navy"],
        bevel=0.004, parent=root, rot=(0, 0, math.radians(8)))
    box("Book2", (0.26, 0.19, 0.026), (-0.25, 0.03, top_h + 0.032 + 0.013), M["book_sand"],
        bevel=0.004, parent=root, rot=(0, 0, math.radians(-4)))
    lathe("Vase", [(0.0001, 0.0), (0.05, 0.0), (0.075, 0.05), (0.08, 0.1), (0.065, 0.17),
                   (0.03, 0.22), (0.026, 0.26), (0.03, 0.275)],
          (0.22, 0.06, top_h), M["ceramic_white"], parent=root)
    # a few dried grass stems in the vase
    rnd = random.Random(3)
    for i in range(7):
        a = rnd.uniform(0, 2 * math.pi)
        tilt = rnd.uniform(0.12, 0.35)
        L = rnd.uniform(0.35, 0.5)
        cylinder("Stem", 0.0025, 0.0015, L, (0.22, 0.06, top_h + 0.22), M["dried"],
                 segs=6, rot=(tilt * math.cos(a), tilt * math.sin(a), 0), parent=root)
        # seed head
        o = link(bpy.data.objects.new("Seed", sphere_mesh("SeedMesh", 0.012, 10, 6)))
        d = Vector((0, 0, L))
        d.rotate(Euler((tilt * math.cos(a), tilt * math.sin(a), 0)))
        o.location = Vector((0.22, 0.06, top_h + 0.22)) + d
        o.scale = (1, 1, 2.2)
        o.rotation_euler = (tilt * math.cos(a), tilt * math.sin(a), 0)
        o.data.materials.append(M["dried"])
        o.parent = root
    lathe("Bowl", [(0.0001, 0.0), (0.05, 0.0), (0.09, 0.025), (0.11, 0.055), (0.106, 0.058),
                   (0.085, 0.03), (0.045, 0.01), (0.0001, 0.01)],
          (0.02, -0.14, top_h), M["ceramic_clay"], cap_bottom=False, parent=root)
    return root


def build_floor_lamp(M, loc):
    root = empty("FloorLamp", loc)
    lathe("LampBase", [(0.0001, 0.0), (0.15, 0.0), (0.15, 0.012), (0.13, 0.026),
                       (0.02, 0.03), (0.0001, 0.03)], (0, 0, 0), M["black_metal"],
          subsurf=0, parent=root)
    cylinder("LampPole", 0.011, 0.011, 1.42, (0, 0, 0.025), M["black_metal"], segs=16, parent=root)
    lathe("LampShade", [(0.23, 1.30), (0.225, 1.35), (0.19, 1.62)], (0, 0, 0),
          M["lampshade"], cap_bottom=False, subsurf=0, solidify=0.004, parent=root)
    # top cap ring + spider arms (black)
    cylinder("LampCap", 0.018, 0.012, 0.06, (0, 0, 1.44), M["black_metal"], segs=16, parent=root)
    return root


def leaf_mesh(name, length=0.26, width=0.17, nu=10, nv=6):
    """Fiddle-leaf-fig style leaf: wider towards the tip, folded along the midrib,
    curled slightly downward.  Leaf points along +X from the origin (petiole).
    (The living room's own leaf; the library's geometry.leaf_mesh scales its droop by length.)"""
    def point(i, j):
        u = i / nu
        w = math.sin(math.pi * min(u ** 0.75, 1.0)) * (0.55 + 0.45 * u) * width / 2
        v = -1 + 2 * j / nv
        z = 0.025 * abs(v) * (w / (width / 2)) - 0.06 * u * u   # fold + droop
        return (u * length, v * w, z)

    return grid_mesh(name, nu, nv, point)


def build_plant(M, loc):
    root = empty("Plant", loc)
    pot_h = 0.44
    lathe("Pot", [(0.0001, 0.0), (0.15, 0.0), (0.165, 0.02), (0.19, 0.2), (0.205, pot_h - 0.01),
                  (0.2, pot_h), (0.185, pot_h - 0.005), (0.18, pot_h - 0.04)],
          (0, 0, 0), M["ceramic_pot"], parent=root)
    cylinder("Soil", 0.181, 0.181, 0.01, (0, 0, pot_h - 0.05), M["soil"], segs=32, parent=root)
    rnd = random.Random(11)
    leaf = leaf_mesh("LeafMesh")
    stems = [((0.02, 0.0), 1.72, (0.05, -0.04)), ((-0.04, 0.03), 1.42, (-0.2, 0.12)),
             ((0.03, -0.04), 1.2, (0.18, -0.12))]
    for si, ((sx, sy), top, (dx, dy)) in enumerate(stems):
        base = Vector((sx, sy, pot_h - 0.05))
        tip = Vector((sx + dx, sy + dy, top))
        d = tip - base
        L = d.length
        st = cylinder("PlantStem%d" % si, 0.012, 0.007, L, base, M["stem"], segs=8, parent=root)
        st.rotation_euler = d.to_track_quat("Z", "Y").to_euler()
        n_leaves = int(8 + L * 10)
        for k in range(n_leaves):
            t = 0.35 + 0.65 * (k / (n_leaves - 1)) ** 0.8
            p = base + d * t
            o = link(bpy.data.objects.new("Leaf", leaf))
            s = rnd.uniform(0.85, 1.2) * (0.9 + 0.35 * t)
            o.scale = (s, s, s)
            yaw = k * 2.4 + rnd.uniform(-0.3, 0.3)            # golden-angle phyllotaxis
            pitch = -rnd.uniform(0.15, 0.6) + (0.5 if t > 0.92 else 0.0)
            o.rotation_euler = (rnd.uniform(-0.3, 0.3), pitch, yaw)
            o.location = p
            o.parent = root
    if len(leaf.materials) == 0:
        leaf.materials.append(M["leaf"])
    return root


def build_picture(M, center, rot_z=0.0, size=(0.95, 0.70), print_size=(0.56, 0.38), art="art"):
    """Framed print hanging on a wall; its face looks along -y before rot_z."""
    root = empty("Picture", center, rot_z)
    W, H = size
    D = 0.035
    # frame: four bevelled oak rails
    rail = 0.035
    for (x, z, w, h) in ((0, H / 2 - rail / 2, W, rail), (0, -H / 2 + rail / 2, W, rail),
                         (-W / 2 + rail / 2, 0, rail, H), (W / 2 - rail / 2, 0, rail, H)):
        box("FrameRail", (w, D, h), (x, 0, z), M["frame"], bevel=0.004, parent=root)
    box("PassePartout", (W - 2 * rail, 0.01, H - 2 * rail), (0, 0.008, 0), M["mat_board"],
        bevel=0.0, parent=root)
    box("ArtPrint", (print_size[0], 0.012, print_size[1]), (0, 0.002, 0), M[art], bevel=0.0,
        parent=root)
    return root


def stage_living(M, L, S):
    ROOM_Y = S.size[1]
    # rug centred in front of the sofa
    rug = box("Rug", RUG_DIMS, (2.15, 2.95, RUG_DIMS[2] / 2), M["rug"], bevel=0.005, segments=2)
    # sofa against the back wall, facing the room (-y)
    build_sofa("Sofa", (2.1, ROOM_Y - 0.5, 0.0), 0.0, 2.25, M["sofa_fabric"], M["walnut"],
               n_seats=3,
               pillows=((-0.72, M["pillow_rust"], 9, 8), (-0.34, M["pillow_cream"], -6, -5),
                        (0.74, M["pillow_sage"], -10, -10)))
    # armchair near the window, angled towards the coffee table
    build_sofa("Armchair", (0.78, 2.05, 0.0), math.radians(-118), 0.86, M["chair_fabric"],
               M["walnut"], n_seats=1, depth=0.86,
               pillows=((0.0, M["pillow_cream"], 4, 0),))
    build_coffee_table(M, (2.1, 2.85, 0.0))
    build_floor_lamp(M, (3.55, ROOM_Y - 0.32, 0.0))
    build_plant(M, (0.42, ROOM_Y - 0.45, 0.0))
    build_picture(M, (2.1, ROOM_Y - 0.02, 1.62))


# ----------------------------------------------------------------------------
# Guide rooms (bedroom, dining, office): staged with the furniture library
# ----------------------------------------------------------------------------

class LampsOffMaterials(Materials):
    """The furniture library's materials, with every lamp switched off.

    Its shades glow and its bulbs emit (right for catalogue sprites), but a
    before/after pair must share its lighting: the staged photo may add
    furniture, not light.  Bulbs become frosted glass, shades lose their glow.
    """

    def get(self, spec):
        if isinstance(spec, dict) and spec.get("kind") == "bulb":
            spec = {"kind": "plain", "color": (0.8, 0.78, 0.74), "rough": 0.25}
        elif isinstance(spec, dict) and spec.get("kind") == "shade":
            spec = dict(spec, glow=0.0)
        return super().get(spec)


def catalogue(theme, kind, **overrides):
    """A copy of one piece's parameters from the app's theme catalogue (themes.py),
    so the guide rooms show furniture users can actually pick."""
    for k, _label, params in themes.THEMES[theme]:
        if k == kind:
            return dict(params, **overrides)
    raise KeyError("%s has no %s" % (theme, kind))


def place(kind, params, L, loc, rot_deg=0.0):
    """Build a library piece (its back toward local +y, front toward -y) and set it
    down at loc, turned rot_deg about z: 0 = back to the back wall, +90 = back to
    the left (window) wall, -90 = back to the right wall, 180 = facing the back wall."""
    root = pieces.build(kind, params, L)
    root.location = loc
    root.rotation_euler = (0, 0, math.radians(rot_deg))
    return root


def build_pendant(L, xy, ceiling, bottom_z, metal):
    """Dome pendant on a fabric cord: ceiling canopy, cord, spun-metal shade."""
    x, y = xy
    m = L.get(metal)
    cylinder("Canopy", 0.06, 0.06, 0.025, (x, y, ceiling - 0.025), m, segs=32, parent=None)
    cord_top = ceiling - 0.02
    shade_h = 0.24
    cylinder("Cord", 0.004, 0.004, cord_top - (bottom_z + shade_h), (x, y, bottom_z + shade_h),
             L.get({"kind": "plain", "color": (0.02, 0.02, 0.02), "rough": 0.6}), segs=8)
    lathe("PendantShade", [(0.0001, shade_h + 0.012), (0.035, shade_h + 0.01), (0.05, shade_h - 0.03),
                           (0.16, shade_h - 0.12), (0.215, 0.02), (0.225, 0.0)],
          (x, y, bottom_z), m, cap_bottom=False, subsurf=1, solidify=0.003)
    sphere_obj = link(bpy.data.objects.new("PendantBulb", sphere_mesh("PendantBulbMesh", 0.05, 16, 8)))
    sphere_obj.location = (x, y, bottom_z + 0.06)
    sphere_obj.data.materials.append(L.get({"kind": "bulb"}))   # frosted, not lit (LampsOffMaterials)


def stage_bedroom(M, L, S):
    X, Y, H = S.size
    bx = 2.35                                   # bed centred on the back wall, left of the door
    # channel-tufted grey bed; without its throw, which the generator models as a flat
    # slab hanging off the side (fine on a sprite, board-like at this size), and with an
    # oatmeal duvet so the bedding isn't one white block
    bed = catalogue("contemporary", "bed", throw=None,
                    duvet={"kind": "linen", "color": themes.lin("#d8d0c3")})
    L_bed = bed.get("length", 2.05)
    # headboard back face sits at local y = L/2 + 0.10: keep 1 cm off the wall
    place("bed", bed, L, (bx, Y - L_bed / 2 - 0.11, 0))
    ns = catalogue("japandi", "nightstand")    # pale oak, one drawer, paper-shade lamp
    off = bed.get("width", 1.6) / 2 + 0.06 + 0.06 + ns["width"] / 2
    for sx in (-1, 1):
        place("nightstand", ns, L, (bx + sx * off, Y - ns.get("depth", 0.4) / 2 - 0.03, 0))
    # rug crosswise under the lower two thirds of the bed, 0.8 m beyond its foot
    place("rug", catalogue("contemporary", "rug", width=2.6, depth=1.8), L,
          (bx, Y - L_bed - 0.11 + 0.55, 0))
    build_picture(M, (bx, Y - 0.02, 1.78), size=(1.2, 0.8), print_size=(0.84, 0.5), art="art_bed")
    # fig in the corner between window and nightstand, its widest stem turned into the room
    place("plant", catalogue("scandinavian", "plant", height=1.5), L, (0.55, Y - 0.6, 0), 200)


def stage_dining(M, L, S):
    X, Y, H = S.size
    tx, ty = 2.3, 2.2
    table = catalogue("modern-farmhouse", "dining_table")     # oak top, black X trestles
    tw, td = table["width"], table["depth"]
    place("dining_table", table, L, (tx, ty, 0))
    chair = catalogue("modern-farmhouse", "dining_chair")     # black windsor, oak seat
    # two chairs per long side (seat front tucked 8 cm under the top), one at each end
    for sx in (-1, 1):
        place("dining_chair", chair, L, (tx + sx * 0.46, ty - td / 2 - 0.17, 0), 180)
        place("dining_chair", chair, L, (tx + sx * 0.46, ty + td / 2 + 0.17, 0), 0)
    place("dining_chair", chair, L, (tx - tw / 2 - 0.12, ty, 0), 90)
    place("dining_chair", chair, L, (tx + tw / 2 + 0.12, ty, 0), -90)
    # rug big enough that pulled-out chairs stay on it (table + ~0.6 m all round)
    place("rug", catalogue("scandinavian", "rug", width=3.0, depth=2.2), L, (tx, ty, 0))
    sb = catalogue("mid-century-modern", "dresser", width=1.5, height=0.78)   # walnut sideboard
    place("dresser", sb, L, (tx, Y - sb.get("depth", 0.48) / 2 - 0.04, 0))
    build_picture(M, (tx, Y - 0.02, 1.62), size=(1.0, 0.7), print_size=(0.62, 0.4), art="art_dining")
    build_pendant(L, (tx, ty), H, 1.55, themes.BLACK_STEEL)
    place("plant", catalogue("scandinavian", "plant"), L, (0.55, Y - 0.55, 0), 200)


def stage_office(M, L, S):
    X, Y, H = S.size
    desk = catalogue("industrial", "desk")        # reclaimed top on hairpin legs
    wy = (S.window[0] + S.window[1]) / 2
    # desk under the window, back to the left wall, so the sitter faces the daylight
    place("desk", desk, L, (desk["depth"] / 2 + 0.02, wy, 0), 90)
    place("dining_chair", catalogue("bauhaus", "dining_chair"), L, (desk["depth"] + 0.3, wy + 0.12, 0), -75)
    # a calm oatmeal rug: the industrial catalogue's rust/grey one shouted over the room
    place("rug", catalogue("japandi", "rug", width=2.2, depth=1.6), L, (1.05, wy, 0), 90)
    shelf = catalogue("industrial", "bookshelf")  # steel ladder frame, wood boards, books
    place("bookshelf", shelf, L, (1.75, Y - shelf.get("depth", 0.34) / 2 - 0.02, 0))
    place("floor_lamp", catalogue("scandinavian", "floor_lamp"), L, (0.4, Y - 0.45, 0))
    place("plant", catalogue("industrial", "plant"), L, (2.62, Y - 0.32, 0))


# ----------------------------------------------------------------------------
# Guide rooms with fixtures (bathroom, laundry, porch): the fixtures are in both
# variants (a bathroom is not sold without its tub); staging adds what a stager brings
# ----------------------------------------------------------------------------

WHITE_GLAZE = {"kind": "ceramic", "color": themes.lin("#f2f1ee"), "rough": 0.12}


def towel_stack(L, x, y, z, w, d, colours, rot_deg=0.0):
    """Folded towels: soft slabs, each a little narrower than the one below."""
    for i, c in enumerate(colours):
        soft_box("Towel", (w - i * 0.02, d - i * 0.015, 0.055), (x, y, z + 0.028 + i * 0.055),
                 L.get({"kind": "fabric", "color": themes.lin(c), "weave": 160.0, "var": 0.1, "sheen": 0.2}),
                 radius=0.022, rot=(0, 0, math.radians(rot_deg)))


def fixtures_bathroom(M, S):
    X, Y, H = S.size
    L = LampsOffMaterials()
    glaze = L.get(WHITE_GLAZE)
    chrome = L.get(themes.CHROME)
    # tiled wet wall behind the tub, 1.25 m high, and around the window reveal
    box_minmax("TileBack", 0.0, 1.75, Y - 0.012, Y, 0, 1.25, M["tile_wall"], bevel=0)
    box_minmax("TileLeft", 0.0, 0.012, Y - 0.8, Y, 0, 1.25, M["tile_wall"], bevel=0)
    # built-in tub along the back wall: apron, rim and a basin one shade darker inside
    tx0, tx1, ty0, ty1 = 0.0, 1.7, Y - 0.76, Y - 0.012
    box_minmax("TubApron", tx0, tx1, ty0, ty0 + 0.03, 0, 0.56, glaze, 0.006)
    box_minmax("TubRimFront", tx0, tx1, ty0, ty0 + 0.09, 0.52, 0.58, glaze, 0.02)
    box_minmax("TubRimBack", tx0, tx1, ty1 - 0.09, ty1, 0.52, 0.58, glaze, 0.02)
    box_minmax("TubRimL", tx0, tx0 + 0.1, ty0, ty1, 0.52, 0.58, glaze, 0.02)
    box_minmax("TubRimR", tx1 - 0.1, tx1, ty0, ty1, 0.52, 0.58, glaze, 0.02)
    box_minmax("TubBasin", tx0 + 0.1, tx1 - 0.1, ty0 + 0.09, ty1 - 0.09, 0.14, 0.2,
               L.get({"kind": "ceramic", "color": themes.lin("#e4e2dd"), "rough": 0.1}), 0.04)
    box_minmax("TubBody", tx0 + 0.03, tx1, ty0 + 0.03, ty1, 0.0, 0.52, glaze, 0.0)
    # wall mixer and spout over the tub's foot
    cylinder("Spout", 0.018, 0.018, 0.16, (0.32, Y, 0.72), chrome, rot=(math.radians(90), 0, 0))
    cylinder("Mixer", 0.035, 0.035, 0.05, (0.32, Y, 0.9), chrome, rot=(math.radians(90), 0, 0))
    # floating vanity on the left wall: white oak drawers, white top, basin, tap; mirror
    vy0, vy1 = 0.55, 1.45
    oak = L.get(themes.PALE_OAK)
    box_minmax("Vanity", 0.0, 0.48, vy0, vy1, 0.35, 0.82, oak, 0.006)
    box_minmax("VanityGap", 0.48, 0.485, vy0 + 0.02, vy1 - 0.02, 0.58, 0.59, M["window_frame"], 0.0)
    box_minmax("VanityTop", 0.0, 0.5, vy0 - 0.01, vy1 + 0.01, 0.82, 0.85, glaze, 0.006)
    vc = (vy0 + vy1) / 2
    lathe("Basin", [(0.0001, 0.0), (0.1, 0.0), (0.18, 0.04), (0.2, 0.12), (0.19, 0.125), (0.17, 0.06), (0.0001, 0.05)],
          (0.25, vc, 0.85), glaze, subsurf=1)
    cylinder("Tap", 0.014, 0.014, 0.26, (0.05, vc, 0.85), chrome)
    box("TapSpout", (0.13, 0.025, 0.025), (0.11, vc, 1.1), chrome, bevel=0.008)
    box_minmax("MirrorFrame", 0.0, 0.025, vy0 + 0.1, vy1 - 0.1, 1.12, 1.95, M["black_metal"], 0.004)
    box_minmax("Mirror", 0.025, 0.03, vy0 + 0.12, vy1 - 0.12, 1.14, 1.93,
               L.get({"kind": "metal", "color": (0.92, 0.92, 0.92), "rough": 0.02}), 0.0)
    # towel rail beside the door
    cylinder("TowelRail", 0.012, 0.012, 0.6, (X - 0.05, Y - 0.75, 1.05), chrome, rot=(math.radians(90), 0, 0))


def stage_bathroom(M, L, S):
    X, Y, H = S.size
    tray = L.get(themes.OAK)
    # a bath caddy across the tub: book, candle, small vase with a stem
    box_minmax("BathTray", 0.78, 1.02, Y - 0.78, Y - 0.0, 0.58, 0.6, tray, 0.004)
    cylinder("Candle", 0.04, 0.04, 0.09, (0.9, Y - 0.5, 0.6), L.get({"kind": "ceramic", "color": themes.lin("#efe8dc")}))
    box("Book", (0.16, 0.12, 0.025), (0.9, Y - 0.28, 0.612), M["book_sand"], bevel=0.003)
    # rolled and folded towels on the tub's rim and a stack on a stool by the tub
    for i, c in enumerate(("#e9e4da", "#c9d1c4", "#e9e4da")):
        cylinder("RolledTowel", 0.05, 0.05, 0.24, (1.38 + i * 0.105, Y - 0.2, 0.635),
                 L.get({"kind": "fabric", "color": themes.lin(c), "weave": 160.0, "var": 0.1}),
                 rot=(math.radians(90), 0, 0), bevel=0.02)
    place("side_table", catalogue("scandinavian", "side_table", decor_mats={}), L, (1.95, Y - 0.35, 0))
    towel_stack(L, 1.95, Y - 0.35, 0.5, 0.34, 0.26, ("#d7cfc1", "#e9e4da", "#c9d1c4"))
    # bath mat in front of the tub, hand towel on the rail, soap and a bud vase on the vanity
    place("rug", {"width": 0.9, "depth": 0.55, "thickness": 0.015, "rug_mat": {"kind": "jute", "color": themes.lin("#d8c8a8")},
                  "binding": themes.lin("#eeebe4")}, L, (0.95, Y - 1.12, 0))
    soft_box("HandTowel", (0.03, 0.34, 0.5), (X - 0.08, Y - 0.75, 0.82),
             L.get({"kind": "fabric", "color": themes.lin("#c9d1c4"), "weave": 160.0}), radius=0.012)
    cylinder("Soap", 0.035, 0.03, 0.16, (0.08, 0.72, 0.85), L.get({"kind": "ceramic", "color": themes.lin("#2d2f31")}))
    vase = L.get({"kind": "ceramic", "color": themes.lin("#c8b48f"), "rough": 0.4})
    lathe("BudVase", [(0.0001, 0.0), (0.04, 0.0), (0.05, 0.06), (0.02, 0.14), (0.018, 0.16)], (0.1, 1.32, 0.85), vase)
    place("plant", catalogue("minimalism", "plant", height=0.9), L, (0.3, 1.75, 0))
    build_picture(M, (0.88, Y - 0.02, 1.7), size=(0.7, 0.5), print_size=(0.46, 0.3), art="art_bath")


def fixtures_laundry(M, S):
    X, Y, H = S.size
    L = LampsOffMaterials()
    white = L.get({"kind": "paint", "color": themes.lin("#f1f0ec"), "rough": 0.3})
    glass = L.get(themes.GLASS)
    chrome = L.get(themes.CHROME)
    # washer and dryer side by side against the back wall, front-loading doors
    for i, x in enumerate((0.36, 0.98)):
        box("Machine", (0.6, 0.6, 0.85), (x, Y - 0.32, 0.425), white, bevel=0.015)
        box("Panel", (0.58, 0.01, 0.1), (x, Y - 0.62, 0.78), L.get({"kind": "plain", "color": (0.7, 0.7, 0.69), "rough": 0.3}), bevel=0.003)
        cylinder("Knob", 0.025, 0.025, 0.02, (x + 0.18, Y - 0.625, 0.78), chrome, rot=(math.radians(90), 0, 0))
        cylinder("DoorRing", 0.2, 0.2, 0.03, (x, Y - 0.62, 0.42), chrome, rot=(math.radians(90), 0, 0), segs=48)
        cylinder("DoorGlass", 0.16, 0.16, 0.035, (x, Y - 0.625, 0.42), glass, rot=(math.radians(90), 0, 0), segs=48)
        cylinder("Drum", 0.2, 0.2, 0.02, (x, Y - 0.45, 0.42), L.get({"kind": "plain", "color": (0.05, 0.05, 0.05)}),
                 rot=(math.radians(90), 0, 0), segs=48)
    # a utility sink cabinet to the right of the machines
    box_minmax("SinkCabinet", 1.34, 1.94, Y - 0.6, Y - 0.01, 0.0, 0.88, white, 0.006)
    box_minmax("SinkTop", 1.33, 1.95, Y - 0.62, Y - 0.0, 0.88, 0.92, L.get(WHITE_GLAZE), 0.01)
    box_minmax("SinkBowl", 1.45, 1.83, Y - 0.5, Y - 0.12, 0.9, 0.925, L.get({"kind": "plain", "color": (0.55, 0.55, 0.54), "rough": 0.2}), 0.01)
    cylinder("SinkTap", 0.014, 0.014, 0.28, (1.64, Y - 0.06, 0.92), chrome)
    box("SinkSpout", (0.025, 0.16, 0.025), (1.64, Y - 0.14, 1.19), chrome, bevel=0.008)


def stage_laundry(M, L, S):
    Y = S.size[1]
    oak = L.get(themes.OAK)
    rattan = L.get(themes.RATTAN)
    # an oak counter over the machines for folding, two open shelves above it
    box_minmax("Counter", 0.0, 1.32, Y - 0.66, Y - 0.01, 0.87, 0.91, oak, 0.004)
    for z in (1.42, 1.82):
        box_minmax("Shelf", 0.0, 1.32, Y - 0.3, Y - 0.01, z, z + 0.03, oak, 0.004)
        box_minmax("Bracket", 0.12, 0.14, Y - 0.28, Y - 0.01, z - 0.12, z, M["black_metal"], 0.002)
        box_minmax("Bracket", 1.18, 1.2, Y - 0.28, Y - 0.01, z - 0.12, z, M["black_metal"], 0.002)
    # woven baskets on the top shelf, glass jars and a plant on the lower
    for x in (0.28, 0.66, 1.04):
        box_minmax("Basket", x - 0.16, x + 0.16, Y - 0.27, Y - 0.04, 1.85, 2.07, rattan, 0.01)
    jar = L.get(themes.GLASS)
    for i, x in enumerate((0.18, 0.34)):
        cylinder("Jar", 0.06, 0.06, 0.2 - i * 0.04, (x, Y - 0.15, 1.45), jar, bevel=0.006)
        cylinder("JarFill", 0.052, 0.052, 0.14 - i * 0.04, (x, Y - 0.15, 1.455),
                 L.get({"kind": "plain", "color": themes.lin("#efeae0" if i == 0 else "#b08a5e"), "rough": 0.8}))
    place("plant", catalogue("minimalism", "plant", height=0.45, pot_r=0.08, pot_h=0.14), L, (0.95, Y - 0.15, 1.45))
    towel_stack(L, 0.55, Y - 0.3, 0.91, 0.36, 0.28, ("#e9e4da", "#c9d1c4", "#d7cfc1"))
    # a laundry basket on the floor, a runner in front of the machines, a bottle by the sink
    lathe("LaundryBasket", [(0.0001, 0.0), (0.2, 0.0), (0.22, 0.02), (0.24, 0.45), (0.23, 0.45), (0.21, 0.42)],
          (2.35, Y - 0.45, 0.0), rattan, subsurf=1, solidify=0.012)
    place("rug", catalogue("coastal", "rug", width=1.9, depth=0.7), L, (1.0, Y - 1.1, 0))
    cylinder("Bottle", 0.045, 0.04, 0.24, (1.88, Y - 0.1, 0.92), L.get({"kind": "ceramic", "color": themes.lin("#d9d5cc")}))


def fixtures_porch(M, S):
    X, Y, H = S.size
    # lap siding on the house walls: 18 cm boards, each throwing a thin shadow line
    for z in [0.05 + 0.18 * k for k in range(int(H / 0.18))]:
        box_minmax("SidingBack", 0.0, X, Y - 0.02, Y, z, z + 0.17, M["wall"], 0.004)
        box_minmax("SidingRight", X - 0.02, X, 0.0, Y, z, z + 0.17, M["wall"], 0.004)
    # a window in the house wall right of the door, with a dark frame
    fm = M["window_frame"]
    for (x0, x1) in ((X - 1.25, X - 0.25),):
        # the glass reads as a dark glossy pane (a real pane over a dark interior is all noise at few samples)
        box_minmax("HouseWinPane", x0, x1, Y - 0.03, Y - 0.02, 0.9, 2.1,
                   mat_simple("HouseWinPane", (0.03, 0.035, 0.04), 0.08, Specular=0.6), 0.0)
        for (a0, a1, b0, b1) in ((x0 - 0.06, x1 + 0.06, 0.84, 0.9), (x0 - 0.06, x1 + 0.06, 2.1, 2.16),
                                 (x0 - 0.06, x0, 0.84, 2.16), (x1, x1 + 0.06, 0.84, 2.16),
                                 ((x0 + x1) / 2 - 0.02, (x0 + x1) / 2 + 0.02, 0.9, 2.1)):
            box_minmax("HouseWinFrame", a0, a1, Y - 0.06, Y - 0.02, b0, b1, fm, 0.003)


def stage_porch(M, L, S):
    X, Y, H = S.size
    # an outdoor sofa against the house wall facing the garden side, rattan chair, jute rug, table
    place("rug", catalogue("coastal", "rug", width=2.4, depth=1.7), L, (1.7, Y - 1.45, 0))
    place("sofa", catalogue("coastal", "sofa", width=2.0), L, (1.7, Y - 0.5, 0))
    place("coffee_table", catalogue("coastal", "coffee_table"), L, (1.7, Y - 1.45, 0))
    place("armchair", catalogue("coastal", "armchair"), L, (0.75, Y - 1.95, 0), 120)
    place("side_table", catalogue("coastal", "side_table"), L, (2.95, Y - 0.45, 0))
    place("plant", catalogue("coastal", "plant"), L, (0.45, Y - 0.45, 0), 30)
    place("plant", catalogue("rustic", "plant", height=1.2), L, (X - 0.35, Y - 0.45, 0))
    # a lantern on the floor by the sofa
    box("Lantern", (0.2, 0.2, 0.38), (2.95, Y - 0.9, 0.19), L.get(themes.BLACK_STEEL), bevel=0.01)
    cylinder("LanternCandle", 0.045, 0.045, 0.12, (2.95, Y - 0.9, 0.02), L.get({"kind": "ceramic", "color": themes.lin("#efe8dc")}))


# Per-room materials that only the guide rooms use (the living room's set is unchanged)
ROOM_ART = {
    "art_bed": ((0.55, 0.58, 0.52), (0.86, 0.82, 0.74), (0.30, 0.36, 0.40), (0.70, 0.60, 0.46)),
    "art_dining": ((0.52, 0.22, 0.12), (0.88, 0.82, 0.70), (0.20, 0.24, 0.18), (0.80, 0.62, 0.30)),
    "art_bath": ((0.30, 0.42, 0.46), (0.88, 0.86, 0.80), (0.62, 0.70, 0.66), (0.76, 0.66, 0.50)),
}


@dataclass
class RoomSpec:
    """Everything that differs between the rendered rooms; build_room, the camera and
    the lights read only this, so a new room is a new spec rather than new code."""
    size: tuple            # interior (x width, y depth, height), metres
    window: tuple          # opening in the left wall x = 0: (y0, y1, z0 sill, z1 head); open_left: the portal's opening
    panes: int             # vertical panes (mullions = panes - 1)
    transom_z: Optional[float]  # height of the horizontal transom bar, None for none
    door: tuple            # opening in the back wall y = depth: (x0, x1)
    wall: tuple            # wall paint, linear RGB
    floor: dict            # mat_floor() arguments; keep dark/light close (the grain is strong)
    camera: dict           # loc, yaw (deg, 0 = looking +y), lens (mm), shift_x, shift_y
    sun: tuple             # (elevation, azimuth) in degrees; azimuth 0 = straight in through the window
    fill: dict             # ceiling bounce near the camera: loc, size, energy (W)
    exposure: float        # Filmic exposure
    stage: Callable        # stage(M, L, S): adds the staged furniture
    art: tuple = field(default=())   # extra art materials (keys of ROOM_ART) the staging uses
    fixtures: Optional[Callable] = None  # fixtures(M, S): built-in pieces present in both variants (tub, machines)
    open_left: bool = False  # a covered porch: the left side is posts and a rail open to the garden
    floor_tile: Optional[dict] = None   # mat_tile() arguments instead of planks


ROOMS = {
    # The landing page's living room: these numbers reproduce it exactly.
    "living": RoomSpec(
        size=(5.2, 4.6, 2.7), window=(1.45, 3.75, 0.40, 2.35), panes=3, transom_z=1.95,
        door=(4.05, 4.93), wall=(0.74, 0.715, 0.67), floor={},
        camera={"loc": (4.85, 0.32, 1.40), "yaw": 41, "lens": 24.0, "shift_y": -0.06},
        sun=(33, 20), fill={"loc": (4.0, 0.9, 2.65), "size": (2.4, 1.6), "energy": 140.0},
        exposure=0.55, stage=stage_living),
    # Main bedroom 5.0 x 4.5 m: soft sage-grey walls, pale oak, two-pane window at
    # bedside height, door to the right of the bed.
    "bedroom": RoomSpec(
        size=(5.0, 4.5, 2.6), window=(1.2, 3.0, 0.70, 2.25), panes=2, transom_z=None,
        door=(3.95, 4.78), wall=(0.50, 0.53, 0.47),
        floor={"dark": (0.38, 0.25, 0.14), "light": (0.54, 0.39, 0.24), "board_w": 0.16,
               "board_l": 1.3, "name": "PaleOakFloor"},
        camera={"loc": (4.72, 0.28, 1.40), "yaw": 41, "lens": 22.0, "shift_y": -0.06},
        sun=(30, 28), fill={"loc": (3.9, 0.9, 2.55), "size": (2.2, 1.5), "energy": 120.0},
        exposure=0.45, stage=stage_bedroom, art=("art_bed",)),
    # Dining room 4.8 x 4.4 m: warm white walls, wider honey-oak boards, wide
    # three-pane window with transom, door beside the sideboard.
    "dining": RoomSpec(
        size=(4.8, 4.4, 2.7), window=(1.1, 3.3, 0.45, 2.30), panes=3, transom_z=1.92,
        door=(3.85, 4.68), wall=(0.78, 0.74, 0.66),
        floor={"dark": (0.20, 0.12, 0.065), "light": (0.32, 0.21, 0.12), "board_w": 0.2,
               "board_l": 1.6, "name": "HoneyOakFloor"},
        camera={"loc": (4.55, 0.28, 1.40), "yaw": 41, "lens": 22.0, "shift_y": -0.06},
        sun=(32, 18), fill={"loc": (3.7, 0.9, 2.65), "size": (2.3, 1.6), "energy": 130.0},
        exposure=0.55, stage=stage_dining, art=("art_dining",)),
    # Home office 3.8 x 3.6 m: pale grey-blue walls, natural oak, a high-sill
    # window the desk sits under, door in the back wall.
    "office": RoomSpec(
        size=(3.8, 3.6, 2.6), window=(0.95, 2.45, 0.95, 2.25), panes=2, transom_z=None,
        door=(2.95, 3.72), wall=(0.60, 0.63, 0.64),
        floor={"dark": (0.36, 0.29, 0.21), "light": (0.50, 0.41, 0.30), "board_w": 0.17,
               "board_l": 1.2, "name": "GreyOakFloor"},
        camera={"loc": (3.58, 0.22, 1.40), "yaw": 43, "lens": 20.0, "shift_y": -0.06},
        sun=(34, 22), fill={"loc": (2.8, 0.8, 2.55), "size": (1.8, 1.3), "energy": 90.0},
        exposure=0.5, stage=stage_office),
    # Bathroom 3.0 x 2.8 m: warm white walls, grey tiled floor and wet wall, a built-in
    # tub along the back wall, a floating oak vanity on the window wall.
    "bathroom": RoomSpec(
        size=(3.0, 2.8, 2.5), window=(1.62, 2.5, 1.3, 2.05), panes=1, transom_z=None,
        door=(2.05, 2.82), wall=(0.74, 0.72, 0.68), floor={},
        floor_tile={"color": (0.42, 0.42, 0.41), "grout": (0.2, 0.2, 0.19), "size": 0.4, "name": "FloorTile"},
        camera={"loc": (2.86, 0.12, 1.40), "yaw": 42, "lens": 18.0, "shift_y": -0.08},
        sun=(36, 25), fill={"loc": (2.2, 0.7, 2.45), "size": (1.6, 1.2), "energy": 80.0},
        exposure=0.1, stage=stage_bathroom, art=("art_bath",), fixtures=fixtures_bathroom),
    # Laundry / utility room 3.0 x 2.6 m: pale putty walls, slate-grey tiles, washer,
    # dryer and a utility sink along the back wall.
    "laundry": RoomSpec(
        size=(3.0, 2.9, 2.5), window=(0.6, 1.6, 1.05, 2.1), panes=2, transom_z=None,
        door=(2.25, 2.95), wall=(0.62, 0.6, 0.54), floor={},
        floor_tile={"color": (0.2, 0.21, 0.22), "grout": (0.42, 0.41, 0.39), "size": 0.3, "name": "SlateTile"},
        camera={"loc": (2.86, 0.12, 1.40), "yaw": 38, "lens": 18.0, "shift_y": -0.08},
        sun=(34, 30), fill={"loc": (2.2, 0.7, 2.45), "size": (1.6, 1.2), "energy": 80.0},
        exposure=0.3, stage=stage_laundry, art=("art_bath",), fixtures=fixtures_laundry),
    # Covered back porch 4.2 x 3.6 m: grey deck boards, white lap siding, posts and a
    # rail open to the garden on the left.
    "porch": RoomSpec(
        size=(4.2, 3.6, 2.6), window=(0.12, 3.48, 0.0, 2.38), panes=1, transom_z=None,
        door=(2.7, 3.55), wall=(0.78, 0.78, 0.76),
        floor={"dark": (0.22, 0.2, 0.18), "light": (0.34, 0.31, 0.27), "board_w": 0.14,
               "board_l": 2.4, "name": "DeckBoards"},
        camera={"loc": (4.0, 0.2, 1.40), "yaw": 40, "lens": 20.0, "shift_y": -0.06},
        sun=(38, 35), fill={"loc": (3.2, 0.8, 2.55), "size": (2.0, 1.4), "energy": 60.0},
        exposure=0.2, stage=stage_porch, fixtures=fixtures_porch, open_left=True),
}


# ----------------------------------------------------------------------------
# Camera, lights, world, render settings
# ----------------------------------------------------------------------------

def setup_camera(scene, S):
    c = S.camera
    cam_data = bpy.data.cameras.new("Camera")
    cam_data.lens = c["lens"]             # mm on a 36 mm sensor (full-frame eq.)
    cam_data.sensor_width = 36.0
    cam_data.sensor_fit = "HORIZONTAL"
    # level camera + lens shift: verticals stay vertical, framing moves the sensor instead
    cam_data.shift_x = c.get("shift_x", 0.0)
    cam_data.shift_y = c["shift_y"]
    cam_data.clip_start = 0.05
    cam_data.clip_end = 200
    cam = link(bpy.data.objects.new("Camera", cam_data))
    cam.location = c["loc"]               # 1.4 m eye height near the front-right corner
    # level camera (pitch 90 deg = horizontal), yawed towards the back-left corner
    cam.rotation_euler = (math.radians(90), 0, math.radians(c["yaw"]))
    scene.camera = cam


def setup_lights(scene, S):
    WIN_Y0, WIN_Y1, WIN_Z0, WIN_Z1 = S.window
    # Sun shining in through the window (travelling +x, a little +y, downward)
    sun_d = bpy.data.lights.new("Sun", "SUN")
    sun_d.energy = 6.0
    sun_d.angle = math.radians(1.2)
    sun_d.color = (1.0, 0.95, 0.88)
    sun = link(bpy.data.objects.new("Sun", sun_d))
    el, az = math.radians(S.sun[0]), math.radians(S.sun[1])
    aim(sun, (math.cos(el) * math.cos(az), math.cos(el) * math.sin(az), -math.sin(el)))

    # Light portal filling the window opening: guides sky sampling (less noise)
    por_d = bpy.data.lights.new("WindowPortal", "AREA")
    por_d.shape = "RECTANGLE"
    por_d.size = WIN_Z1 - WIN_Z0
    por_d.size_y = WIN_Y1 - WIN_Y0
    por_d.cycles.is_portal = True
    por = link(bpy.data.objects.new("WindowPortal", por_d))
    por.location = (-0.02, (WIN_Y0 + WIN_Y1) / 2, (WIN_Z0 + WIN_Z1) / 2)
    aim(por, (1, 0, 0))

    # Soft bounce fill near the camera (what a photographer's bounced flash does).
    # Invisible to camera and reflections so it never shows up as a hotspot.
    fill_d = bpy.data.lights.new("Fill", "AREA")
    fill_d.shape = "RECTANGLE"
    fill_d.size, fill_d.size_y = S.fill["size"]
    fill_d.energy = S.fill["energy"]
    fill_d.color = (1.0, 0.97, 0.93)
    fill = link(bpy.data.objects.new("Fill", fill_d))
    fill.location = S.fill["loc"]
    aim(fill, (0, 0, -1))
    fill.visible_camera = False
    fill.visible_glossy = False


def setup_world(scene, strength):
    """Simple physically-plausible sky: bright hazy horizon, bluer zenith,
    darker ground below the horizon."""
    nt, up = new_world(scene, "Sky")
    col = ramp(nt, map_range(nt, up, -1.0, 1.0, 0.0, 1.0), [
        (0.0, (0.18, 0.17, 0.15)), (0.49, (0.35, 0.34, 0.31)),
        (0.5, (0.95, 0.97, 1.0)), (0.6, (0.72, 0.82, 0.98)), (1.0, (0.38, 0.55, 0.9))])
    bg = nt.nodes.new("ShaderNodeBackground")
    bg.inputs["Strength"].default_value = strength
    nt.links.new(col, bg.inputs["Color"])
    out = nt.nodes.new("ShaderNodeOutputWorld")
    nt.links.new(bg.outputs[0], out.inputs["Surface"])


def setup_render(scene, opts, S):
    setup_cycles(scene, opts["samples"], adaptive_threshold=0.015, min_samples=max(16, opts["samples"] // 4),
                 bounces=(8, 4, 3, 6), clamp_indirect=6.0,
                 seed=1)                  # same noise pattern for both variants
    scene.cycles.sample_clamp_direct = 0.0
    scene.render.resolution_x = opts["width"]
    scene.render.resolution_y = opts["height"]
    scene.render.film_transparent = False
    scene.render.use_persistent_data = False
    # Filmic view transform, gentle contrast, exposure tuned for a bright interior
    vs = filmic_look(scene, S.exposure)
    vs.gamma = 1.0
    scene.render.image_settings.file_format = "PNG"
    scene.render.image_settings.color_mode = "RGB"
    scene.render.image_settings.color_depth = "8"
    # keep albedo + normal for our own denoiser
    vl = scene.view_layers[0]
    vl.cycles.denoising_store_passes = True


WORLD_STRENGTH = 2.2
# Our denoiser's settings for a 1200x800 room at 80 samples (see cycles_io.denoise).
ROOM_DENOISE = dict(radius=4, sigma_s=2.2, sigma_a=0.06, sigma_n=0.25, sigma_c=0.10, firefly_floor=0.08)


# ----------------------------------------------------------------------------
# Edge-aware denoise (numpy) -- replaces the missing OpenImageDenoise
# ----------------------------------------------------------------------------


def save_display(pixels_rgb, path, scene):
    """Write a linear float buffer through the scene's view transform (Filmic)."""
    h, w, _ = pixels_rgb.shape
    img = bpy.data.images.new("Out", w, h, alpha=True, float_buffer=True)
    rgba = np.concatenate([pixels_rgb, np.ones((h, w, 1), np.float32)], axis=2)
    img.pixels.foreach_set(rgba.astype(np.float32).ravel())
    img.save_render(path, scene=scene)
    bpy.data.images.remove(img)


# ----------------------------------------------------------------------------
# Main
# ----------------------------------------------------------------------------

def build_materials(S):
    M = {}
    M["wall"] = mat_paint("WallPaint", S.wall)
    M["ceiling"] = mat_paint("CeilingPaint", (0.86, 0.86, 0.84), bump_strength=0.02)
    M["trim"] = mat_paint("TrimSatin", (0.86, 0.855, 0.83), rough=0.32, bump_strength=0.01)
    M["floor"] = mat_tile(**S.floor_tile) if S.floor_tile else mat_floor(**S.floor)
    M["window_frame"] = mat_simple("WindowFrame", (0.035, 0.036, 0.038), 0.35, Specular=0.5)
    M["glass"] = mat_glass()
    M["brass"] = mat_metal("Brass", (0.78, 0.6, 0.34), 0.28)
    M["grass"] = mat_grass()
    M["foliage"] = mat_foliage()
    # staging
    M["sofa_fabric"] = mat_fabric("SofaLinen", (0.55, 0.51, 0.45))
    M["chair_fabric"] = mat_fabric("ChairBoucle", (0.23, 0.27, 0.19), weave=300, var=0.15)
    M["pillow_rust"] = mat_fabric("PillowRust", (0.45, 0.16, 0.08), sheen=0.9)
    M["pillow_cream"] = mat_fabric("PillowCream", (0.78, 0.74, 0.66))
    M["pillow_sage"] = mat_fabric("PillowSage", (0.36, 0.42, 0.32))
    M["walnut"] = mat_wood("Walnut", (0.09, 0.05, 0.03), (0.22, 0.13, 0.07), 0.4)
    M["oak"] = mat_wood("TableOak", (0.36, 0.23, 0.12), (0.62, 0.45, 0.28), 0.38, grain_scale=7)
    M["rug"] = mat_rug()
    M["book_navy"] = mat_fabric("BookNavy", (0.06, 0.09, 0.16), rough=0.7, sheen=0.2, weave=600)
    M["book_sand"] = mat_fabric("BookSand", (0.7, 0.6, 0.45), rough=0.7, sheen=0.2, weave=600)
    M["ceramic_white"] = mat_ceramic("CeramicWhite", (0.82, 0.8, 0.76))
    M["ceramic_clay"] = mat_ceramic("CeramicClay", (0.45, 0.26, 0.16), rough=0.35)
    M["ceramic_pot"] = mat_ceramic("CeramicPot", (0.72, 0.69, 0.64), rough=0.4)
    M["dried"] = mat_simple("DriedGrass", (0.55, 0.45, 0.3), 0.8)
    M["soil"] = mat_fabric("Soil", (0.06, 0.045, 0.035), rough=1.0, sheen=0.0, weave=900, var=0.3)
    M["stem"] = mat_simple("Stem", (0.12, 0.09, 0.05), 0.6)
    M["leaf"] = mat_leaf()
    M["black_metal"] = mat_metal("BlackMetal", (0.03, 0.03, 0.03), 0.35)
    M["lampshade"] = mat_lampshade()
    M["frame"] = mat_wood("FrameOak", (0.3, 0.2, 0.11), (0.55, 0.4, 0.25), 0.4, grain_scale=12)
    M["mat_board"] = mat_simple("MatBoard", (0.86, 0.85, 0.82), 0.9)
    M["art"] = mat_art()
    M["tile_wall"] = mat_tile((0.8, 0.8, 0.78), (0.55, 0.54, 0.52), size=0.3, offset=0.5, rough=0.12,
                              name="WallTile")
    for key in S.art:
        M[key] = mat_art(ROOM_ART[key], name=key)
    return M


def main():
    opts = parse_args()
    t0 = time.time()
    # start from an empty scene
    for o in list(bpy.data.objects):
        bpy.data.objects.remove(o, do_unlink=True)
    scene = bpy.context.scene

    S = ROOMS[opts["room"]]
    M = build_materials(S)
    build_room(M, S)
    if opts["variant"] == "staged":
        # pieces from the furniture library take material specs; lamps stay switched off
        S.stage(M, LampsOffMaterials(), S)
    setup_camera(scene, S)
    setup_lights(scene, S)
    setup_world(scene, WORLD_STRENGTH)
    setup_render(scene, opts, S)

    tmpdir = tempfile.mkdtemp(prefix="stagecraft_render_")
    setup_compositor(scene, tmpdir)
    t_build = time.time()
    bpy.ops.render.render(write_still=False)
    t_render = time.time()

    w, h = opts["width"], opts["height"]
    find = lambda stem: sorted(glob.glob(os.path.join(tmpdir, stem + "*.exr")))[0]
    beauty = load_exr(find("beauty"), w, h)
    out_path = os.path.abspath(opts["out"])
    os.makedirs(os.path.dirname(out_path), exist_ok=True)
    if opts["keep_raw"] or not opts["denoise"]:
        raw_path = out_path if not opts["denoise"] else out_path.replace(".png", "_raw.png")
        save_display(beauty, raw_path, scene)
    if opts["denoise"]:
        albedo = load_exr(find("albedo"), w, h)
        normal = load_exr(find("normal"), w, h)
        result = denoise(beauty, albedo, normal, **ROOM_DENOISE)
        save_display(result, out_path, scene)
    t_end = time.time()
    print("STAGECRAFT room=%s variant=%s samples=%d size=%dx%d build=%.1fs render=%.1fs post=%.1fs -> %s"
          % (opts["room"], opts["variant"], opts["samples"], w, h, t_build - t0, t_render - t_build,
             t_end - t_render, out_path))


if __name__ == "__main__":
    main()
