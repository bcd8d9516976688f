"""Procedural Cycles materials for the furniture library (no image textures).

Every material is made from a small spec dict, e.g. {"kind": "fabric", "color": (0.5, 0.45, 0.4)},
so the theme tables in themes.py stay plain data. `Materials.get(spec)` builds each distinct spec once.
Colours are linear RGB (Blender's internal space), not sRGB.
"""

import math

import bpy


# ----------------------------------------------------------------------------
# Node helpers (same approach as assets/landing/render_room.py)
# ----------------------------------------------------------------------------

def new_material(name):
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    nt = mat.node_tree
    for n in list(nt.nodes):
        nt.nodes.remove(n)
    out = nt.nodes.new("ShaderNodeOutputMaterial")
    return mat, nt, out


def principled(nt, color=(0.8, 0.8, 0.8), rough=0.5, **inputs):
    p = nt.nodes.new("ShaderNodeBsdfPrincipled")
    p.inputs["Base Color"].default_value = (*color, 1.0)
    p.inputs["Roughness"].default_value = rough
    for k, v in inputs.items():
        key = k.replace("_", " ")
        if isinstance(v, tuple) and len(v) == 3:
            v = (*v, 1.0)
        p.inputs[key].default_value = v
    return p


def obj_coords(nt, scale=(1, 1, 1), rotate=None):
    tc = nt.nodes.new("ShaderNodeTexCoord")
    mp = nt.nodes.new("ShaderNodeMapping")
    mp.inputs["Scale"].default_value = scale
    if rotate is not None:
        mp.inputs["Rotation"].default_value = rotate
    nt.links.new(tc.outputs["Object"], mp.inputs["Vector"])
    return mp.outputs["Vector"]


def noise(nt, vec, scale, detail=4.0, rough=0.5, distortion=0.0):
    n = nt.nodes.new("ShaderNodeTexNoise")
    n.inputs["Scale"].default_value = scale
    n.inputs["Detail"].default_value = detail
    n.inputs["Roughness"].default_value = rough
    n.inputs["Distortion"].default_value = distortion
    nt.links.new(vec, n.inputs["Vector"])
    return n


def map_range(nt, value, a, b, c, d, clamp=True):
    m = nt.nodes.new("ShaderNodeMapRange")
    m.clamp = clamp
    m.inputs["From Min"].default_value = a
    m.inputs["From Max"].default_value = b
    m.inputs["To Min"].default_value = c
    m.inputs["To Max"].default_value = d
    nt.links.new(value, m.inputs["Value"])
    return m.outputs["Result"]


def math_op(nt, op, a, b=None):
    m = nt.nodes.new("ShaderNodeMath")
    m.operation = op
    for i, v in enumerate((a, b)):
        if v is None:
            continue
        if isinstance(v, (int, float)):
            m.inputs[i].default_value = v
        else:
            nt.links.new(v, m.inputs[i])
    return m.outputs[0]


def mix_rgb(nt, blend, fac, c1, c2):
    m = nt.nodes.new("ShaderNodeMixRGB")
    m.blend_type = blend
    if isinstance(fac, (int, float)):
        m.inputs["Fac"].default_value = fac
    else:
        nt.links.new(fac, m.inputs["Fac"])
    for sock, c in ((m.inputs["Color1"], c1), (m.inputs["Color2"], c2)):
        if isinstance(c, (tuple, list)):
            c = tuple(c)
            sock.default_value = (*c, 1.0) if len(c) == 3 else c
        else:
            nt.links.new(c, sock)
    return m.outputs["Color"]


def bump(nt, height, strength, distance=0.01, normal=None):
    b = nt.nodes.new("ShaderNodeBump")
    b.inputs["Strength"].default_value = strength
    b.inputs["Distance"].default_value = distance
    nt.links.new(height, b.inputs["Height"])
    if normal is not None:
        nt.links.new(normal, b.inputs["Normal"])
    return b.outputs["Normal"]


def ramp(nt, value, stops, interp="LINEAR"):
    r = nt.nodes.new("ShaderNodeValToRGB")
    r.color_ramp.interpolation = interp
    els = r.color_ramp.elements
    while len(els) > 1:
        els.remove(els[-1])
    els[0].position = stops[0][0]
    els[0].color = (*stops[0][1], 1.0)
    for pos, col in stops[1:]:
        e = els.new(pos)
        e.color = (*col, 1.0)
    nt.links.new(value, r.inputs["Fac"])
    return r.outputs["Color"]


def separate(nt, vec):
    sep = nt.nodes.new("ShaderNodeSeparateXYZ")
    nt.links.new(vec, sep.inputs[0])
    return sep


def wave(nt, vec, scale, direction="X", distortion=0.0, detail=2.0, kind="BANDS", profile="SIN"):
    w = nt.nodes.new("ShaderNodeTexWave")
    w.wave_type = kind
    if kind == "BANDS":
        w.bands_direction = direction
    else:
        w.rings_direction = direction
    w.wave_profile = profile
    w.inputs["Scale"].default_value = scale
    w.inputs["Distortion"].default_value = distortion
    w.inputs["Detail"].default_value = detail
    nt.links.new(vec, w.inputs["Vector"])
    return w.outputs["Fac"]


def finish(nt, out, shader):
    nt.links.new(shader.outputs[0], out.inputs["Surface"])


def mix_shader(nt, fac, first, second):
    """A Mix Shader of two shader nodes (first at fac 0); fac is a number or a socket."""
    mix = nt.nodes.new("ShaderNodeMixShader")
    if isinstance(fac, (int, float)):
        mix.inputs["Fac"].default_value = fac
    else:
        nt.links.new(fac, mix.inputs["Fac"])
    nt.links.new(first.outputs[0], mix.inputs[1])
    nt.links.new(second.outputs[0], mix.inputs[2])
    return mix


# ----------------------------------------------------------------------------
# Material kinds
# ----------------------------------------------------------------------------

def wood_nodes(nt, vec, dark, light, grain_scale=6.0, pore=0.35, along="X"):
    """Distorted wave bands (growth rings) plus stretched pores; grain along local X (or Z)."""
    st = nt.nodes.new("ShaderNodeMapping")
    st.inputs["Scale"].default_value = (0.12, 1.0, 1.0) if along == "X" else (1.0, 1.0, 0.12)
    nt.links.new(vec, st.inputs["Vector"])
    # growth-ring figure a few cm apart (grain_scale 6 -> ~5 cm), gently distorted
    bands = wave(nt, st.outputs[0], grain_scale * 3.5, "Y" if along == "X" else "X", 5.0, 3.0)
    pm = nt.nodes.new("ShaderNodeMapping")
    pm.inputs["Scale"].default_value = (4.0, 180.0, 180.0) if along == "X" else (180.0, 180.0, 4.0)
    nt.links.new(vec, pm.inputs["Vector"])
    pores = noise(nt, pm.outputs[0], 1.0, 2.0, 0.5)
    rings = ramp(nt, bands, [(0.0, light), (0.55, dark), (1.0, light)])
    pore_fac = map_range(nt, pores.outputs["Fac"], 0.35, 0.75, 0.0, pore)
    col = mix_rgb(nt, "MULTIPLY", pore_fac, rings, (0.55, 0.5, 0.45))
    height = mix_rgb(nt, "ADD", 0.5, bands, pores.outputs["Fac"])
    return col, height


def m_wood(nt, out, s):
    light = s["color"]
    dark = s.get("dark", tuple(c * 0.55 for c in light))
    vec = obj_coords(nt)
    col, height = wood_nodes(nt, vec, dark, light, s.get("grain", 6.0), s.get("pore", 0.3), s.get("along", "X"))
    if s.get("wash"):  # whitewash / limed: a pale wash that stays out of the grain
        col = mix_rgb(nt, "MIX", s["wash"], col, (0.78, 0.76, 0.72))
    p = principled(nt, light, s.get("rough", 0.45), Specular=0.45, Clearcoat=s.get("coat", 0.12),
                   Clearcoat_Roughness=0.25)
    nt.links.new(col, p.inputs["Base Color"])
    nt.links.new(bump(nt, height, 0.05, 0.002), p.inputs["Normal"])
    finish(nt, out, p)


def m_fabric(nt, out, s):
    color = s["color"]
    rough = s.get("rough", 0.92)
    weave_scale = s.get("weave", 420.0)
    var = s.get("var", 0.1)
    vec = obj_coords(nt)
    w1 = wave(nt, vec, weave_scale, "X", 0.5)
    w2 = wave(nt, vec, weave_scale, "Z", 0.5)
    weave_h = mix_rgb(nt, "MULTIPLY", 1.0, w1, w2)
    slub = noise(nt, vec, 90.0, 6.0, 0.65)
    mottle = noise(nt, vec, 6.0, 4.0, 0.55)
    tone = map_range(nt, mottle.outputs["Fac"], 0.3, 0.7, 1.0 - var, 1.0 + var * 0.6)
    col = mix_rgb(nt, "MULTIPLY", 1.0, color, tone)
    col = mix_rgb(nt, "MULTIPLY", map_range(nt, slub.outputs["Fac"], 0.3, 0.7, 0.0, 0.2), col, (0.75, 0.75, 0.75))
    p = principled(nt, color, rough, Sheen=s.get("sheen", 0.6), Sheen_Tint=0.6, Specular=0.3)
    nt.links.new(col, p.inputs["Base Color"])
    nt.links.new(map_range(nt, slub.outputs["Fac"], 0.2, 0.8, rough - 0.08, min(rough + 0.06, 1.0)), p.inputs["Roughness"])
    nrm = bump(nt, weave_h, s.get("weave_strength", 0.12), 0.001)
    if s.get("boucle"):  # looped yarn: a lumpy small-scale bump
        lumps = noise(nt, vec, 160.0, 3.0, 0.6)
        nrm = bump(nt, lumps.outputs["Fac"], 0.5, 0.003, normal=nrm)
    nrm = bump(nt, slub.outputs["Fac"], 0.08, 0.002, normal=nrm)
    nt.links.new(nrm, p.inputs["Normal"])
    finish(nt, out, p)


def m_velvet(nt, out, s):
    """Velvet: dark core, bright grazing sheen (layer weight facing), crushed-pile tone variation."""
    color = s["color"]
    vec = obj_coords(nt)
    crush = noise(nt, vec, 14.0, 5.0, 0.6)
    lw = nt.nodes.new("ShaderNodeLayerWeight")
    lw.inputs["Blend"].default_value = 0.45
    edge = map_range(nt, lw.outputs["Facing"], 0.0, 1.0, 0.6, 1.25)
    tone = map_range(nt, crush.outputs["Fac"], 0.3, 0.7, 0.85, 1.1)
    col = mix_rgb(nt, "MULTIPLY", 1.0, color, edge)
    col = mix_rgb(nt, "MULTIPLY", 1.0, col, tone)
    p = principled(nt, color, 0.75, Sheen=0.6, Sheen_Tint=0.9, Specular=0.2)
    nt.links.new(col, p.inputs["Base Color"])
    fine = noise(nt, vec, 600.0, 2.0, 0.5)
    nt.links.new(bump(nt, fine.outputs["Fac"], 0.05, 0.001), p.inputs["Normal"])
    finish(nt, out, p)


def m_leather(nt, out, s):
    color = s["color"]
    vec = obj_coords(nt)
    vor = nt.nodes.new("ShaderNodeTexVoronoi")
    vor.feature = "DISTANCE_TO_EDGE"
    vor.inputs["Scale"].default_value = 260.0
    nt.links.new(vec, vor.inputs["Vector"])
    wear = noise(nt, vec, 4.0, 5.0, 0.6)
    tone = map_range(nt, wear.outputs["Fac"], 0.3, 0.7, 0.8, 1.25)
    col = mix_rgb(nt, "MULTIPLY", 1.0, color, tone)
    p = principled(nt, color, s.get("rough", 0.42), Specular=0.5, Clearcoat=0.25, Clearcoat_Roughness=0.35)
    nt.links.new(col, p.inputs["Base Color"])
    nt.links.new(map_range(nt, wear.outputs["Fac"], 0.3, 0.7, s.get("rough", 0.42) - 0.12, s.get("rough", 0.42) + 0.1),
                 p.inputs["Roughness"])
    nt.links.new(bump(nt, vor.outputs["Distance"], 0.25, 0.001), p.inputs["Normal"])
    finish(nt, out, p)


def m_metal(nt, out, s):
    color = s["color"]
    rough = s.get("rough", 0.3)
    vec = obj_coords(nt)
    n = noise(nt, vec, 40.0, 4.0, 0.6)
    if s.get("painted"):  # powder-coated steel: dielectric, slightly orange-peel
        p = principled(nt, color, rough, Specular=0.5, Clearcoat=0.1)
        nt.links.new(bump(nt, n.outputs["Fac"], 0.04, 0.002), p.inputs["Normal"])
    else:
        p = principled(nt, color, rough, Metallic=1.0)
        brushed = noise(nt, obj_coords(nt, (1.0, 1.0, 60.0)), 30.0, 2.0, 0.5)
        nt.links.new(map_range(nt, brushed.outputs["Fac"], 0.3, 0.7, max(rough - 0.1, 0.05), rough + 0.08), p.inputs["Roughness"])
    finish(nt, out, p)


def m_ceramic(nt, out, s):
    color = s["color"]
    vec = obj_coords(nt)
    p = principled(nt, color, s.get("rough", 0.2), Specular=0.5, Clearcoat=s.get("coat", 0.6), Clearcoat_Roughness=0.08)
    n = noise(nt, vec, 220.0, 2.0, 0.5)
    col = mix_rgb(nt, "MULTIPLY", map_range(nt, n.outputs["Fac"], 0.62, 0.72, 0.0, 0.5), color, (0.45, 0.4, 0.35))
    if s.get("glaze"):  # reactive glaze: two tones pooling
        g = noise(nt, vec, 5.0, 6.0, 0.6, distortion=1.5)
        col = mix_rgb(nt, "MIX", map_range(nt, g.outputs["Fac"], 0.4, 0.65, 0.0, 1.0), col, s["glaze"])
    nt.links.new(col, p.inputs["Base Color"])
    ng = noise(nt, vec, 25.0, 3.0, 0.5)
    nt.links.new(bump(nt, ng.outputs["Fac"], 0.05, 0.002), p.inputs["Normal"])
    finish(nt, out, p)


def m_terracotta(nt, out, s):
    color = s.get("color", (0.42, 0.16, 0.08))
    vec = obj_coords(nt)
    n = noise(nt, vec, 30.0, 6.0, 0.6)
    blotch = noise(nt, vec, 3.0, 3.0, 0.5)
    col = mix_rgb(nt, "MULTIPLY", 1.0, color, map_range(nt, blotch.outputs["Fac"], 0.3, 0.7, 0.85, 1.15))
    p = principled(nt, color, 0.85, Specular=0.3)
    nt.links.new(col, p.inputs["Base Color"])
    nt.links.new(bump(nt, n.outputs["Fac"], 0.15, 0.002), p.inputs["Normal"])
    finish(nt, out, p)


def m_paint(nt, out, s):
    """Painted or lacquered furniture: flat colour, faint brush/roller texture."""
    color = s["color"]
    vec = obj_coords(nt)
    n = noise(nt, vec, 120.0, 4.0, 0.6)
    big = noise(nt, vec, 2.0, 3.0, 0.5)
    col = mix_rgb(nt, "MULTIPLY", 1.0, color, map_range(nt, big.outputs["Fac"], 0.3, 0.7, 0.96, 1.03))
    p = principled(nt, color, s.get("rough", 0.45), Specular=0.45, Clearcoat=s.get("coat", 0.0), Clearcoat_Roughness=0.1)
    nt.links.new(col, p.inputs["Base Color"])
    nt.links.new(bump(nt, n.outputs["Fac"], 0.02, 0.002), p.inputs["Normal"])
    if s.get("distressed"):  # farmhouse: paint worn through to wood on high-frequency patches
        wear = noise(nt, vec, 9.0, 8.0, 0.75)
        fac = map_range(nt, wear.outputs["Fac"], 0.66, 0.72, 0.0, 1.0)
        col2 = mix_rgb(nt, "MIX", fac, col, (0.33, 0.22, 0.12))
        nt.links.new(col2, p.inputs["Base Color"])
    finish(nt, out, p)


def m_marble(nt, out, s):
    base = s.get("color", (0.82, 0.81, 0.79))
    vein = s.get("vein", (0.25, 0.25, 0.26))
    vec = obj_coords(nt, (1.5, 1.5, 1.5))
    w = wave(nt, vec, 2.2, "X", 14.0, 6.0)
    fine = noise(nt, vec, 8.0, 8.0, 0.65)
    v = math_op(nt, "ABSOLUTE", math_op(nt, "SUBTRACT", w, 0.5))
    veins = map_range(nt, v, 0.0, 0.06, 1.0, 0.0)
    col = mix_rgb(nt, "MIX", math_op(nt, "MULTIPLY", veins, 0.85), base, vein)
    col = mix_rgb(nt, "MULTIPLY", 1.0, col, map_range(nt, fine.outputs["Fac"], 0.3, 0.7, 0.94, 1.04))
    p = principled(nt, base, 0.12, Specular=0.55)
    nt.links.new(col, p.inputs["Base Color"])
    finish(nt, out, p)


def m_glass(nt, out, s):
    tint = s.get("color", (0.9, 0.95, 0.93))
    tr = nt.nodes.new("ShaderNodeBsdfTransparent")
    tr.inputs["Color"].default_value = (*tint, 1)
    gl = nt.nodes.new("ShaderNodeBsdfGlossy")
    gl.inputs["Roughness"].default_value = 0.03
    fr = nt.nodes.new("ShaderNodeLayerWeight")
    fr.inputs["Blend"].default_value = 0.2
    finish(nt, out, mix_shader(nt, map_range(nt, fr.outputs["Fresnel"], 0.0, 1.0, 0.12, 0.7), tr, gl))


def m_rattan(nt, out, s):
    """Woven rattan/wicker: over-under strands as a crossed triangle-wave bump with strand tone variation."""
    color = s.get("color", (0.48, 0.3, 0.14))
    sc = s.get("weave", 90.0)
    vec = obj_coords(nt)
    a = wave(nt, vec, sc, "X", 0.3, 1.0, profile="SAW")
    b = wave(nt, vec, sc, "Z", 0.3, 1.0, profile="SAW")
    sep = map_range(nt, a, 0.0, 1.0, 0.0, 1.0)
    cross = mix_rgb(nt, "ADD", 0.5, sep, b)
    streak = noise(nt, obj_coords(nt, (1.0, 1.0, 25.0)), 12.0, 4.0, 0.6)
    col = mix_rgb(nt, "MULTIPLY", 1.0, color, map_range(nt, streak.outputs["Fac"], 0.3, 0.7, 0.75, 1.2))
    gaps = map_range(nt, cross, 0.0, 0.2, 0.25, 1.0)
    col = mix_rgb(nt, "MULTIPLY", 1.0, col, gaps)
    p = principled(nt, color, 0.55, Specular=0.4, Clearcoat=0.1)
    nt.links.new(col, p.inputs["Base Color"])
    nt.links.new(bump(nt, cross, 0.6, 0.004), p.inputs["Normal"])
    if not s.get("open"):
        finish(nt, out, p)
        return
    # open weave: see-through holes where neither strand direction passes
    ha = map_range(nt, a, 0.62, 0.7, 0.0, 1.0)
    hb = map_range(nt, b, 0.62, 0.7, 0.0, 1.0)
    hole = math_op(nt, "MULTIPLY", ha, hb)
    tr = nt.nodes.new("ShaderNodeBsdfTransparent")
    finish(nt, out, mix_shader(nt, hole, p, tr))


def m_jute(nt, out, s):
    color = s.get("color", (0.42, 0.3, 0.16))
    vec = obj_coords(nt)
    # chunky basket weave: blocks of parallel cords alternating direction (a checker of stripe fields)
    sc = s.get("weave", 16.0)
    checker = nt.nodes.new("ShaderNodeTexChecker")
    checker.inputs["Scale"].default_value = sc / 2.0
    nt.links.new(vec, checker.inputs["Vector"])
    a = wave(nt, vec, sc * 3.0, "X", 1.5, 2.0)
    b = wave(nt, vec, sc * 3.0, "Y", 1.5, 2.0)
    cross = mix_rgb(nt, "MIX", checker.outputs["Fac"], a, b)
    fib = noise(nt, vec, 200.0, 6.0, 0.7)
    col = mix_rgb(nt, "MULTIPLY", 1.0, color, map_range(nt, fib.outputs["Fac"], 0.3, 0.7, 0.75, 1.2))
    col = mix_rgb(nt, "MULTIPLY", 1.0, col, map_range(nt, cross, 0.0, 1.0, 0.6, 1.15))
    # the two cord directions catch the light differently: a visible basket-weave checker
    col = mix_rgb(nt, "MULTIPLY", 1.0, col, map_range(nt, checker.outputs["Fac"], 0.0, 1.0, 0.86, 1.08))
    p = principled(nt, color, 0.95, Sheen=0.4, Specular=0.2)
    nt.links.new(col, p.inputs["Base Color"])
    nrm = bump(nt, cross, 0.8, 0.004)
    nrm = bump(nt, fib.outputs["Fac"], 0.3, 0.002, normal=nrm)
    nt.links.new(nrm, p.inputs["Normal"])
    finish(nt, out, p)


def tri_wave(nt, value, period):
    """|((v / period) mod 1) - 0.5| * 2 : a 0..1 triangle wave (for woven geometric patterns)."""
    d = math_op(nt, "DIVIDE", value, period)
    f = math_op(nt, "FRACT", d)
    return math_op(nt, "MULTIPLY", math_op(nt, "ABSOLUTE", math_op(nt, "SUBTRACT", f, 0.5)), 2.0)


def m_rug(nt, out, s):
    """Woven rug with a parametric pattern, in rug-local metres (x across, y along, from the centre)."""
    pattern = s.get("pattern", "border")
    half_w, half_d = s.get("half", (1.0, 0.7))
    cols = [tuple(c) for c in s.get("colors", [(0.7, 0.66, 0.58), (0.16, 0.14, 0.13), (0.5, 0.24, 0.15)])]
    tc = nt.nodes.new("ShaderNodeTexCoord")
    sep = separate(nt, tc.outputs["Object"])
    ax = math_op(nt, "ABSOLUTE", sep.outputs["X"])
    ay = math_op(nt, "ABSOLUTE", sep.outputs["Y"])
    dx = math_op(nt, "SUBTRACT", half_w, ax)
    dy = math_op(nt, "SUBTRACT", half_d, ay)
    edge = math_op(nt, "MINIMUM", dx, dy)  # distance to the rug's edge
    field, c1, c2 = cols[0], cols[1 % len(cols)], cols[2 % len(cols)]
    if pattern == "solid" or pattern == "shag":
        col = mix_rgb(nt, "MIX", 0.0, field, field)
    elif pattern == "border":
        col = ramp(nt, edge, [(0.0, c1), (0.07, c1), (0.0701, field), (0.1, field), (0.1001, c2), (0.115, c2),
                              (0.1151, field), (1.0, field)], interp="CONSTANT")
    elif pattern == "stripes":
        t = tri_wave(nt, sep.outputs["Y"], s.get("period", 0.34))
        col = ramp(nt, t, [(0.0, c1), (0.22, c1), (0.2201, field), (0.8, field), (0.8001, c2), (1.0, c2)], interp="CONSTANT")
    elif pattern in ("kilim", "moroccan", "geometric"):
        per = s.get("period", 0.32)
        tx = tri_wave(nt, sep.outputs["X"], per)
        ty = tri_wave(nt, sep.outputs["Y"], per * (0.8 if pattern == "kilim" else 1.0))
        diamond = math_op(nt, "ADD", tx, ty)  # 0..2; iso-lines are diamonds
        if pattern == "moroccan":  # thin diamond lattice on a plain field
            line = map_range(nt, math_op(nt, "ABSOLUTE", math_op(nt, "SUBTRACT", diamond, 1.0)), 0.0, 0.05, 1.0, 0.0)
            col = mix_rgb(nt, "MIX", line, field, c1)
        elif pattern == "geometric":
            col = ramp(nt, math_op(nt, "MULTIPLY", diamond, 0.5), [(0.0, c1), (0.3, c1), (0.3001, field), (0.62, field),
                                                                    (0.6201, c2), (0.7, c2), (0.7001, field), (1.0, field)],
                       interp="CONSTANT")
        else:  # kilim: stepped diamonds in several colours
            c3 = tuple(cols[3 % len(cols)])
            col = ramp(nt, math_op(nt, "MULTIPLY", diamond, 0.5), [(0.0, c2), (0.18, c2), (0.1801, c1), (0.34, c1),
                                                                    (0.3401, field), (0.6, field), (0.6001, c3), (0.72, c3),
                                                                    (0.7201, c1), (0.8, c1), (0.8001, field), (1.0, field)],
                       interp="CONSTANT")
        # a woven border all around
        bord = map_range(nt, edge, 0.085, 0.09, 1.0, 0.0)
        col = mix_rgb(nt, "MIX", bord, col, c1)
    elif pattern == "persian":
        # a central medallion (diamond bands) on a field of small scattered motifs, inside a wide border
        c3 = tuple(cols[3 % len(cols)])
        nx = math_op(nt, "DIVIDE", ax, half_w)
        ny = math_op(nt, "DIVIDE", ay, half_d)
        diamond = math_op(nt, "ADD", nx, ny)
        wob = noise(nt, obj_coords(nt), 6.0, 2.0, 0.5)
        diamond = math_op(nt, "ADD", diamond, math_op(nt, "MULTIPLY", wob.outputs["Fac"], 0.06))
        vor = nt.nodes.new("ShaderNodeTexVoronoi")
        vor.inputs["Scale"].default_value = s.get("motif_scale", 11.0)
        nt.links.new(obj_coords(nt), vor.inputs["Vector"])
        motif_size = map_range(nt, vor.outputs["Distance"], 0.2, 0.28, 1.0, 0.0)
        cell = vor.outputs["Color"]
        motif_col = ramp(nt, cell, [(0.0, c2), (0.45, c2), (0.4501, c3), (0.75, c3), (0.7501, c1), (1.0, c1)], interp="CONSTANT")
        fieldc = mix_rgb(nt, "MIX", motif_size, field, motif_col)
        medal = ramp(nt, diamond, [(0.0, c3), (0.16, c3), (0.1601, c1), (0.3, c1), (0.3001, c2), (0.5, c2), (0.5001, field),
                                   (0.56, field), (0.5601, c3), (0.6, c3), (0.6001, c1), (0.66, c1), (0.6601, field),
                                   (1.0, field)], interp="CONSTANT")
        in_medal = map_range(nt, diamond, 0.66, 0.67, 1.0, 0.0)
        fieldc = mix_rgb(nt, "MIX", in_medal, fieldc, medal)
        col = ramp(nt, edge, [(0.0, c1), (0.03, c1), (0.0301, c3), (0.045, c3), (0.0451, c2), (0.16, c2), (0.1601, c3),
                              (0.175, c3), (0.1751, c1), (1.0, c1)], interp="CONSTANT")
        # border band carries a run of motifs too
        col = mix_rgb(nt, "MIX", math_op(nt, "MULTIPLY", motif_size, map_range(nt, edge, 0.05, 0.06, 0.0, 0.8)), col, c3)
        inner = map_range(nt, edge, 0.174, 0.176, 0.0, 1.0)
        col = mix_rgb(nt, "MIX", inner, col, fieldc)
        wear = noise(nt, obj_coords(nt), 3.0, 4.0, 0.6)
        col = mix_rgb(nt, "MIX", map_range(nt, wear.outputs["Fac"], 0.55, 0.75, 0.0, 0.25), col, (0.6, 0.55, 0.48))
    else:
        raise ValueError("unknown rug pattern %s" % pattern)
    vec = obj_coords(nt)
    fuzz = noise(nt, vec, s.get("pile", 300.0), 8.0, 0.7)
    mottle = noise(nt, vec, 4.0, 4.0, 0.6)
    col = mix_rgb(nt, "MULTIPLY", 1.0, col, map_range(nt, mottle.outputs["Fac"], 0.3, 0.7, 0.9, 1.05))
    col = mix_rgb(nt, "MULTIPLY", 1.0, col, map_range(nt, fuzz.outputs["Fac"], 0.3, 0.7, 0.78, 1.06))
    p = principled(nt, field, 0.97, Sheen=0.8, Sheen_Tint=0.5, Specular=0.2)
    nt.links.new(col, p.inputs["Base Color"])
    strength = 0.6 if pattern == "shag" else 0.35
    nt.links.new(bump(nt, fuzz.outputs["Fac"], strength, 0.004), p.inputs["Normal"])
    finish(nt, out, p)


def m_leaf(nt, out, s):
    dark = s.get("dark", (0.03, 0.08, 0.02))
    light = s.get("color", (0.09, 0.19, 0.04))
    vec = obj_coords(nt)
    n = noise(nt, vec, 8.0, 3.0, 0.5)
    col = ramp(nt, n.outputs["Fac"], [(0.3, dark), (0.7, light)])
    if s.get("variegated"):  # snake plant: banded yellow edges / pale cross bands
        bands = wave(nt, vec, 18.0, "Z", 4.0, 2.0)
        col = mix_rgb(nt, "MIX", map_range(nt, bands, 0.55, 0.8, 0.0, 0.6), col, (0.16, 0.24, 0.08))
    p = principled(nt, light, s.get("rough", 0.42), Specular=0.45)
    nt.links.new(col, p.inputs["Base Color"])
    tl = nt.nodes.new("ShaderNodeBsdfTranslucent")
    tl.inputs["Color"].default_value = (0.18, 0.32, 0.05, 1)
    finish(nt, out, mix_shader(nt, 0.2, p, tl))


def m_shade(nt, out, s):
    """Lamp shade: linen or paper, lit from inside (translucent + a faint emission)."""
    color = s.get("color", (0.8, 0.74, 0.64))
    vec = obj_coords(nt)
    n = noise(nt, vec, 300.0, 4.0, 0.6)
    p = principled(nt, color, 0.95, Sheen=0.4)
    nt.links.new(bump(nt, n.outputs["Fac"], 0.1, 0.001), p.inputs["Normal"])
    tl = nt.nodes.new("ShaderNodeBsdfTranslucent")
    tl.inputs["Color"].default_value = (*color, 1)
    em = nt.nodes.new("ShaderNodeEmission")
    em.inputs["Color"].default_value = (1.0, 0.8, 0.55, 1)
    em.inputs["Strength"].default_value = s.get("glow", 0.6)
    mix = mix_shader(nt, 0.35, p, tl)
    add = nt.nodes.new("ShaderNodeAddShader")
    nt.links.new(mix.outputs[0], add.inputs[0])
    nt.links.new(em.outputs[0], add.inputs[1])
    nt.links.new(add.outputs[0], out.inputs["Surface"])


def m_bulb(nt, out, s):
    em = nt.nodes.new("ShaderNodeEmission")
    em.inputs["Color"].default_value = (1.0, 0.85, 0.65, 1)
    em.inputs["Strength"].default_value = s.get("strength", 4.0)
    gl = nt.nodes.new("ShaderNodeBsdfGlossy")
    gl.inputs["Roughness"].default_value = 0.1
    add = nt.nodes.new("ShaderNodeAddShader")
    nt.links.new(em.outputs[0], add.inputs[0])
    nt.links.new(gl.outputs[0], add.inputs[1])
    nt.links.new(add.outputs[0], out.inputs["Surface"])


def m_plain(nt, out, s):
    p = principled(nt, s["color"], s.get("rough", 0.6), Specular=s.get("spec", 0.4))
    finish(nt, out, p)


def m_linen(nt, out, s):
    """Bed linen: fine weave plus large soft wrinkles."""
    color = s["color"]
    vec = obj_coords(nt)
    wr = noise(nt, vec, 3.5, 6.0, 0.55, distortion=0.8)
    w1 = wave(nt, vec, 900.0, "X", 0.5)
    p = principled(nt, color, 0.9, Sheen=0.5, Sheen_Tint=0.5, Specular=0.3)
    col = mix_rgb(nt, "MULTIPLY", 1.0, color, map_range(nt, wr.outputs["Fac"], 0.3, 0.7, 0.92, 1.03))
    nt.links.new(col, p.inputs["Base Color"])
    nrm = bump(nt, wr.outputs["Fac"], 0.25, 0.02)
    nrm = bump(nt, w1, 0.05, 0.001, normal=nrm)
    nt.links.new(nrm, p.inputs["Normal"])
    finish(nt, out, p)


KINDS = {
    "wood": m_wood, "fabric": m_fabric, "velvet": m_velvet, "leather": m_leather, "metal": m_metal,
    "ceramic": m_ceramic, "terracotta": m_terracotta, "paint": m_paint, "marble": m_marble, "glass": m_glass,
    "rattan": m_rattan, "jute": m_jute, "rug": m_rug, "leaf": m_leaf, "shade": m_shade, "bulb": m_bulb,
    "plain": m_plain, "linen": m_linen,
}


class Materials:
    """Builds each distinct material spec once per scene."""

    def __init__(self):
        self.cache = {}

    def get(self, spec):
        if isinstance(spec, bpy.types.Material):
            return spec
        key = repr(sorted(spec.items()))
        if key not in self.cache:
            mat, nt, out = new_material("%s_%d" % (spec["kind"], len(self.cache)))
            KINDS[spec["kind"]](nt, out, spec)
            self.cache[key] = mat
        return self.cache[key]
