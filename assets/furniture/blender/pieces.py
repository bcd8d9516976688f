"""Parametric furniture generators, one per type.

Local frame of every piece: x along its width, its back toward +y, its front facing -y, z up, the footprint
centred on the origin and standing on z = 0. `build(type, params, M)` returns the root empty.
Parameters are plain dicts (see themes.py); materials are specs resolved through `M.get`.
"""

import math
import random

from mathutils import Euler, Vector

from geometry import (box, box_minmax, cylinder, decor_objects, empty, grid_mesh, lathe, leaf_mesh, link, pillow, rod,
                      soft_box, sphere, tube, add_subsurf)

import bpy

R = math.radians


# ----------------------------------------------------------------------------
# Shared parts
# ----------------------------------------------------------------------------

def legs(root, M, style, spots, height, mat, thick=0.045, splay=0.0):
    """Legs standing on the floor at (x, y) spots, reaching up to `height`."""
    m = M.get(mat)
    for i, (x, y) in enumerate(spots):
        if style == "tapered":  # mid-century: round, tapering to the floor, optionally splayed
            sx = math.copysign(splay, x) if x else 0
            sy = math.copysign(splay, y) if y else 0
            rod("Leg%d" % i, (x + sx, y + sy, 0), (x, y, height), thick * 0.32, m, root, taper=1.6)
        elif style == "block":
            box("Leg%d" % i, (thick, thick, height), (x, y, height / 2), m, bevel=0.004, parent=root)
        elif style == "square_metal":
            box("Leg%d" % i, (thick * 0.5, thick * 0.5, height), (x, y, height / 2), m, bevel=0.002, parent=root)
        elif style == "turned":  # traditional: turned profile
            r = thick * 0.5
            prof = [(r * 0.55, 0), (r * 0.7, 0.02 * height / 0.4), (r * 0.55, 0.12 * height), (r * 0.9, 0.35 * height),
                    (r * 1.0, 0.5 * height), (r * 0.7, 0.68 * height), (r * 0.6, 0.8 * height), (r * 0.95, 0.9 * height),
                    (r * 1.0, height), (0.0001, height)]
            lathe("Leg%d" % i, prof, (x, y, 0), m, segs=24, parent=root)
        elif style == "bun":
            lathe("Leg%d" % i, [(thick * 0.4, 0), (thick * 0.62, height * 0.35), (thick * 0.6, height * 0.7),
                                (thick * 0.45, height), (0.0001, height)], (x, y, 0), m, segs=24, parent=root)
        elif style == "cone":  # glam/deco: slim metal cone with a ferrule
            rod("Leg%d" % i, (x, y, 0), (x, y, height), thick * 0.18, m, root, taper=2.0)
        elif style == "hairpin":
            o = 0.05
            tube("Leg%d" % i, [(x - o, y, height), (x - 0.005, y, 0.004), (x + 0.005, y, 0.004), (x + o, y, height)],
                 0.0055, m, root, resolution=10)
        elif style == "none":
            pass
        else:
            raise ValueError("unknown leg style %s" % style)


def corner_spots(w, d, inset):
    return [(sx * (w / 2 - inset), sy * (d / 2 - inset)) for sx in (-1, 1) for sy in (-1, 1)]


def books(root, M, x0, x1, y, z, rnd, colors, max_h=0.26, lean_last=True):
    """A row of books standing on a shelf from x0 to x1 (spines facing -y)."""
    x = x0
    k = 0
    while x < x1 - 0.03:
        t = rnd.uniform(0.018, 0.045)
        if x + t > x1:
            break
        h = rnd.uniform(0.6, 1.0) * max_h
        dep = rnd.uniform(0.14, 0.2)
        col = colors[rnd.randrange(len(colors))]
        box("Book", (t, dep, h), (x + t / 2, y, z + h / 2), M.get({"kind": "fabric", "color": col, "rough": 0.75,
                                                                  "sheen": 0.2, "weave": 700.0}),
            bevel=0.002, parent=root)
        x += t + 0.002
        k += 1


def vase(root, M, loc, mat, h=0.22, kind="bottle"):
    if kind == "bottle":
        prof = [(0.0001, 0), (0.045, 0), (0.07, 0.05 * h / 0.22), (0.075, 0.1 * h / 0.22), (0.06, 0.16 * h / 0.22),
                (0.028, 0.2 * h / 0.22), (0.025, h), (0.029, h * 1.03)]
    elif kind == "bowl":
        prof = [(0.0001, 0), (0.05, 0), (0.09, 0.025), (0.11, 0.055), (0.106, 0.058), (0.085, 0.03), (0.045, 0.01),
                (0.0001, 0.01)]
    else:  # jar
        prof = [(0.0001, 0), (0.05, 0), (0.065, 0.04), (0.07, h * 0.6), (0.055, h * 0.9), (0.05, h), (0.0001, h)]
    return lathe("Vase", prof, loc, M.get(mat), parent=root, cap_bottom=kind != "bowl")


# ----------------------------------------------------------------------------
# Seating
# ----------------------------------------------------------------------------

def seating_base(root, M, p, width, depth, n_seats):
    """Sofa and upholstered armchair body. Arms: track, rolled, slope, none. Frame: legs, plinth, sled, platform."""
    up = M.get(p["upholstery"])
    seat_h = p.get("seat_h", 0.44)
    back_h = p.get("back_h", 0.82)
    arm = p.get("arm", "track")
    arm_w = p.get("arm_w", 0.16 if arm != "none" else 0.0)
    frame = p.get("frame", "legs")
    leg_h = p.get("leg_h", 0.12)
    if frame == "plinth":
        leg_h = 0.03
    base_z = leg_h
    cushion_t = p.get("cushion_t", 0.16)
    deck_top = seat_h - cushion_t
    seat_w = width - 2 * arm_w
    back_t = p.get("back_t", 0.2)

    if frame == "legs":
        legs(root, M, p.get("leg_style", "tapered"), corner_spots(width, depth, 0.07), leg_h, p["leg_mat"],
             thick=p.get("leg_thick", 0.045), splay=p.get("splay", 0.0))
    elif frame == "plinth":
        box("Plinth", (width - 0.08, depth - 0.08, leg_h), (0, 0, leg_h / 2), M.get(p.get("leg_mat", p["upholstery"])),
            bevel=0.004, parent=root)
    elif frame == "sled":  # industrial: black steel tube sled under each side
        m = M.get(p["leg_mat"])
        for sx in (-1, 1):
            x = sx * (width / 2 - 0.06)
            tube("Sled", [(x, -depth / 2 + 0.06, base_z + 0.02), (x, -depth / 2 + 0.04, 0.012),
                          (x, depth / 2 - 0.04, 0.012), (x, depth / 2 - 0.06, base_z + 0.02)], 0.013, m, root,
                 resolution=1)
        box("Rail", (width - 0.1, 0.03, 0.03), (0, depth / 2 - 0.05, base_z + 0.01), m, bevel=0.003, parent=root)
        box("Rail", (width - 0.1, 0.03, 0.03), (0, -depth / 2 + 0.05, base_z + 0.01), m, bevel=0.003, parent=root)
    elif frame == "platform":  # japandi: a low exposed wooden platform the cushions sit on
        m = M.get(p["leg_mat"])
        box("Platform", (width + 0.06, depth + 0.04, 0.06), (0, 0, leg_h + 0.03), m, bevel=0.006, parent=root)
        legs(root, M, "block", corner_spots(width, depth, 0.1), leg_h, p["leg_mat"], thick=0.06)
        base_z = leg_h + 0.06

    deck_h = max(0.06, deck_top - base_z)
    if frame != "platform":
        soft_box("Deck", (width - 0.01, depth - 0.01, deck_h), (0, 0, base_z + deck_h / 2), up, 0.03, root)
    else:
        soft_box("Deck", (seat_w, depth - 0.05, max(0.05, deck_h)), (0, 0, base_z + max(0.05, deck_h) / 2), up, 0.02, root)

    # arms
    arm_top = p.get("arm_h", 0.62 if arm != "slope" else 0.55)
    for sx in (-1, 1):
        x = sx * (width / 2 - arm_w / 2)
        if arm == "track":
            soft_box("Arm", (arm_w, depth, arm_top - base_z), (x, 0, (arm_top + base_z) / 2), up, p.get("arm_r", 0.05), root)
        elif arm == "slope":
            soft_box("Arm", (arm_w, depth, arm_top - base_z), (x, 0.02, (arm_top + base_z) / 2), up, 0.07, root,
                     rot=(0, R(-sx * 4), 0))
        elif arm == "rolled":
            hgt = arm_top - base_z - 0.06
            soft_box("Arm", (arm_w * 0.8, depth - 0.02, hgt), (x - sx * arm_w * 0.05, 0, base_z + hgt / 2), up, 0.03, root)
            r = arm_w * 0.62
            roll = soft_box("ArmRoll", (r * 2, depth, r * 1.7), (x + sx * arm_w * 0.12, 0, arm_top - r * 0.6), up,
                            r * 0.95, root)
        elif arm == "wood":  # exposed wooden arm frame (mid-century, japandi)
            m = M.get(p["leg_mat"])
            box("ArmPost", (0.04, 0.04, arm_top - base_z), (x, -depth / 2 + 0.06, (arm_top + base_z) / 2), m, 0.006, parent=root)
            box("ArmPost", (0.04, 0.04, arm_top - base_z), (x, depth / 2 - 0.1, (arm_top + base_z) / 2), m, 0.006, parent=root)
            box("ArmRest", (arm_w, depth - 0.02, 0.035), (x, 0, arm_top), m, 0.008, parent=root)
    # back
    back_style = p.get("back", "cushions")
    back_w = seat_w + 0.02
    if p.get("curved_back"):  # a continuous rounded back that wraps into the arms (deco, glam)
        soft_box("Back", (width, back_t, back_h - base_z), (0, depth / 2 - back_t / 2, (back_h + base_z) / 2), up, 0.09, root)
    else:
        soft_box("Back", (back_w, back_t, back_h - base_z - 0.04), (0, depth / 2 - back_t / 2, (back_h - 0.04 + base_z) / 2),
                 up, 0.05, root)
    cw = seat_w / n_seats
    seat_d = depth - back_t - (0.02 if back_style != "channel" else 0.0)
    seat_y = -depth / 2 + seat_d / 2 + 0.005
    if p.get("bench_seat"):
        soft_box("Seat", (seat_w - 0.01, seat_d, cushion_t), (0, seat_y, deck_top + cushion_t / 2), up, 0.07, root, crown=0.15)
    else:
        for i in range(n_seats):
            x = -seat_w / 2 + cw * (i + 0.5)
            soft_box("Seat%d" % i, (cw - 0.012, seat_d, cushion_t), (x, seat_y, deck_top + cushion_t / 2), up, 0.07, root,
                     crown=0.2)
    if back_style == "cushions":
        bt = 0.2
        for i in range(n_seats):
            x = -seat_w / 2 + cw * (i + 0.5)
            bh = back_h - seat_h + 0.02
            soft_box("BackCush%d" % i, (cw - 0.015, bt, bh), (x, depth / 2 - back_t - bt / 2 + 0.06, seat_h + bh / 2 - 0.01),
                     up, 0.08, root, rot=(R(-10), 0, 0), crown=0.06)
    elif back_style == "channel":  # vertical channel tufting (art deco, glam)
        n = p.get("channels", max(5, int(round(seat_w / 0.16))))
        cwid = back_w / n
        for i in range(n):
            x = -back_w / 2 + cwid * (i + 0.5)
            hh = back_h - seat_h + 0.06
            soft_box("Channel%d" % i, (cwid + 0.004, 0.12, hh), (x, depth / 2 - back_t - 0.03, seat_h + hh / 2 - 0.02), up,
                     min(0.055, cwid * 0.45), root, rot=(R(-6), 0, 0))
    # throw pillows
    for k, (x, mat, tilt, yaw) in enumerate(p.get("pillows", [])):
        s = p.get("pillow_size", 0.45)
        pillow("Pillow%d" % k, s, s, 0.17, (x * seat_w / 2, depth / 2 - back_t - 0.2, seat_h + s / 2 - 0.04),
               (R(-16 + tilt * 0.3), R(tilt), R(yaw)), M.get(mat), root)
    if p.get("throw"):  # a folded throw over one arm
        t = M.get(p["throw"])
        x = -(width / 2 - arm_w / 2)
        soft_box("Throw", (arm_w + 0.04, 0.42, 0.035), (x, -0.05, arm_top + 0.012), t, 0.015, root)
        soft_box("ThrowDrape", (0.03, 0.42, 0.3), (x - arm_w / 2 - 0.01, -0.05, arm_top - 0.14), t, 0.012, root)


def gen_sofa(p, M, root):
    seating_base(root, M, p, p.get("width", 2.2), p.get("depth", 0.95), p.get("seats", 3))


def gen_armchair(p, M, root):
    style = p.get("style", "upholstered")
    if style == "upholstered":
        seating_base(root, M, p, p.get("width", 0.86), p.get("depth", 0.88), 1)
    elif style == "wingback":
        wingback(p, M, root)
    elif style == "rattan":
        rattan_chair(p, M, root)
    elif style == "lounge":
        lounge_chair(p, M, root)
    elif style == "tub":
        tub_chair(p, M, root)
    else:
        raise ValueError(style)


def wingback(p, M, root):
    """Wingback: a tall padded back whose wings flare forward from the back to the rolled arms."""
    up = M.get(p["upholstery"])
    w, d = p.get("width", 0.82), p.get("depth", 0.86)
    leg_h = 0.13
    top = p.get("back_h", 1.08)
    legs(root, M, p.get("leg_style", "turned"), corner_spots(w, d, 0.07), leg_h, p["leg_mat"], thick=0.05)
    seat_z = 0.44
    soft_box("Base", (w - 0.02, d - 0.02, seat_z - 0.12 - leg_h), (0, 0, leg_h + (seat_z - 0.12 - leg_h) / 2), up, 0.03, root)
    soft_box("Seat", (w - 0.2, d - 0.2, 0.14), (0, -0.06, seat_z - 0.06), up, 0.06, root, crown=0.3)
    soft_box("Back", (w - 0.14, 0.16, top - leg_h - 0.1), (0, d / 2 - 0.09, leg_h + 0.1 + (top - leg_h - 0.1) / 2), up, 0.06, root,
             rot=(R(-6), 0, 0), crown=0.1)
    arm_top = 0.64
    for sx in (-1, 1):
        x = sx * (w / 2 - 0.06)
        soft_box("Arm", (0.11, d - 0.04, arm_top - leg_h - 0.08), (x, -0.01, leg_h + 0.08 + (arm_top - leg_h - 0.08) / 2), up,
                 0.045, root)
        soft_box("ArmRoll", (0.15, d - 0.1, 0.11), (x + sx * 0.015, -0.04, arm_top - 0.02), up, 0.055, root)
        # the wing rises from the arm at the back half and curls forward
        soft_box("Wing", (0.085, d * 0.5, top - arm_top - 0.02), (x + sx * 0.01, d / 2 - d * 0.27, arm_top + (top - arm_top) / 2 - 0.02),
                 up, 0.04, root, rot=(0, R(sx * 5), R(sx * 14)))
    if p.get("pillows"):
        x, mat, tilt, yaw = p["pillows"][0]
        pillow("Pillow", 0.4, 0.32, 0.14, (0, d / 2 - 0.3, seat_z + 0.2), (R(-12), R(tilt), 0), M.get(mat), root)


def rattan_chair(p, M, root):
    """Rounded rattan tub chair on a woven base, with a seat cushion and a pillow (bohemian)."""
    rat = M.get(p.get("frame_mat", {"kind": "rattan", "color": (0.5, 0.32, 0.15)}))
    r = p.get("radius", 0.42)
    h = p.get("height", 0.78)
    # shell: a lathe of a bowl, cut open at the front by scaling a wall ring set; build as a partial surface
    segs = 40
    prof = [(r * 0.75, 0.36), (r * 0.92, 0.42), (r, 0.52), (r * 1.02, 0.64), (r * 1.0, h)]
    open_a = R(p.get("opening", 110))  # front opening angle

    def shell_point(i, k):  # column i around the bowl, ring k up its profile
        rr, z = prof[k]
        a = -math.pi / 2 + open_a / 2 + (2 * math.pi - open_a) * i / segs
        # height falls toward the opening so arms slope down
        f = min(1.0, abs(((2 * math.pi - open_a) * i / segs) - (math.pi - open_a / 2)) / (math.pi - open_a / 2))
        zz = 0.36 + (z - 0.36) * (1 - 0.45 * f ** 2)
        return (rr * math.cos(a), rr * math.sin(a) + 0.03, zz)

    mesh = grid_mesh("Shell", segs, len(prof) - 1, shell_point)
    sh = link(bpy.data.objects.new("Shell", mesh))
    sh.data.materials.append(rat)
    s = sh.modifiers.new("Solidify", "SOLIDIFY")
    s.thickness = 0.012
    add_subsurf(sh, 2)
    sh.parent = root
    # rolled rim
    rim_pts = [(x, y, z + 0.01) for x, y, z in (shell_point(i, len(prof) - 1) for i in range(segs + 1))]
    rim_mat = M.get(dict(p.get("frame_mat", {"kind": "rattan", "color": (0.5, 0.32, 0.15)}), open=False, weave=200.0))
    tube("Rim", rim_pts, 0.014, rim_mat, root, resolution=6)
    # base: a woven drum or splayed wooden legs
    if p.get("base", "drum") == "drum":
        lathe("Base", [(r * 0.62, 0), (r * 0.5, 0.06), (r * 0.38, 0.2), (r * 0.62, 0.37), (0.0001, 0.37)], (0, 0.03, 0), rim_mat,
              parent=root)
    else:
        legs(root, M, "tapered", [(sx * 0.25, sy * 0.25) for sx in (-1, 1) for sy in (-1, 1)], 0.37, p["leg_mat"],
             thick=0.045, splay=0.05)
        lathe("Seatpan", [(r * 0.8, 0.34), (r * 0.78, 0.38), (0.0001, 0.38)], (0, 0.03, 0), rat, parent=root, subsurf=0)
    cush = M.get(p["upholstery"])
    lathe("Cushion", [(0.0001, 0.37), (r * 0.78, 0.37), (r * 0.86, 0.395), (r * 0.87, 0.42), (r * 0.82, 0.45),
                      (r * 0.6, 0.47), (0.0001, 0.475)], (0, 0.02, 0), cush, parent=root, scale=(1.0, 0.92, 1.0))
    # piping around the cushion's edge
    tube("Piping", [(r * 0.875 * math.cos(a), r * 0.875 * 0.92 * math.sin(a) + 0.02, 0.42)
                    for a in [2 * math.pi * i / 48 for i in range(49)]], 0.005, cush, root, resolution=4)
    for k, (x, mat, tilt, yaw) in enumerate(p.get("pillows", [])):
        pillow("Pillow%d" % k, 0.42, 0.38, 0.15, (x * 0.2, 0.2, 0.64), (R(-20), R(tilt), R(yaw)), M.get(mat), root)


def tub_chair(p, M, root):
    """Contemporary tub chair: one continuous rounded back-and-arms roll wrapping a deep seat, on a low plinth."""
    up = M.get(p["upholstery"])
    w, d = p.get("width", 0.86), p.get("depth", 0.84)
    base_h = p.get("leg_h", 0.06)
    top = p.get("back_h", 0.74)
    # the roll's cross-section: an upright ellipse (a profile curve used as the bevel of the path)
    prof_cu = bpy.data.curves.new("RollProfile", "CURVE")
    prof_cu.dimensions = "2D"
    sp = prof_cu.splines.new("NURBS")
    n = 16
    sp.points.add(n - 1)
    half_w, half_h = 0.09, (top - base_h) / 2
    for i in range(n):
        a = 2 * math.pi * i / n
        sp.points[i].co = (half_w * math.cos(a), half_h * math.sin(a), 0, 1)
    sp.use_cyclic_u = True
    sp.order_u = 4
    prof = link(bpy.data.objects.new("RollProfile", prof_cu))
    prof.hide_render = True
    prof.parent = root
    cu = bpy.data.curves.new("Roll", "CURVE")
    cu.dimensions = "3D"
    cu.bevel_mode = "OBJECT"
    cu.bevel_object = prof
    cu.use_fill_caps = True
    cu.resolution_u = 16
    path = cu.splines.new("NURBS")
    rx, ry = w / 2 - half_w, d / 2 - half_w
    pts = [(-rx, -d / 2 + 0.05), (-rx, 0.0), (-rx * 0.92, ry * 0.75), (-rx * 0.55, ry), (0, ry * 1.03), (rx * 0.55, ry),
           (rx * 0.92, ry * 0.75), (rx, 0.0), (rx, -d / 2 + 0.05)]
    path.points.add(len(pts) - 1)
    zc = base_h + half_h
    for i, (x, y) in enumerate(pts):
        path.points[i].co = (x, y, zc, 1)
    path.use_endpoint_u = True
    path.order_u = 4
    roll = link(bpy.data.objects.new("Roll", cu))
    roll.data.materials.append(up)
    roll.parent = root
    legs_mat = p.get("leg_mat")
    if p.get("leg_style", "plinth") == "plinth":
        lathe("Plinth", [(0.0001, 0), (w * 0.36, 0), (w * 0.36, base_h), (0.0001, base_h)], (0, 0, 0), M.get(legs_mat), parent=root,
              subsurf=0, scale=(1.0, d / w, 1.0))
    else:
        legs(root, M, p["leg_style"], corner_spots(w, d, 0.1), base_h, legs_mat)
    seat_h = p.get("seat_h", 0.44)
    soft_box("Deck", (w - 2 * half_w - 0.01, d - half_w - 0.05, seat_h - 0.14 - base_h),
             (0, -0.02, base_h + (seat_h - 0.14 - base_h) / 2), up, 0.03, root)
    soft_box("Seat", (w - 2 * half_w + 0.02, d - half_w - 0.02, 0.15), (0, -0.04, seat_h - 0.07), up, 0.07, root, crown=0.25)
    for k, (x, mat, tilt, yaw) in enumerate(p.get("pillows", [])):
        pillow("Pillow%d" % k, 0.42, 0.34, 0.15, (0, d / 2 - 0.26, seat_h + 0.17), (R(-14), R(tilt), 0), M.get(mat), root)


def lounge_chair(p, M, root):
    """Mid-century lounge chair: a wooden (or steel) side frame holding loose seat and back cushions."""
    fm = M.get(p["leg_mat"])
    up = M.get(p["upholstery"])
    w, d = p.get("width", 0.78), p.get("depth", 0.82)
    t = 0.035
    metal = p.get("frame_kind", "wood") == "metal"
    for sx in (-1, 1):
        x = sx * (w / 2 - t / 2)
        if metal:
            tube("Side", [(x, -d / 2 + 0.04, 0.01), (x, -d / 2 + 0.02, 0.58), (x, d / 2 - 0.2, 0.58), (x, d / 2 - 0.02, 0.01)],
                 0.012, fm, root, resolution=1)
        else:
            rod("FrontLeg", (x, -d / 2 + 0.06, 0), (x, -d / 2 + 0.08, 0.58), 0.018, fm, root, taper=1.2)
            rod("BackLeg", (x, d / 2 - 0.06, 0), (x, d / 2 - 0.16, 0.58), 0.018, fm, root, taper=1.2)
            box("ArmRest", (0.05, d - 0.04, 0.028), (x, -0.02, 0.59), fm, 0.01, parent=root)
            box("SideRail", (0.03, d - 0.14, 0.04), (x, 0, 0.22), fm, 0.006, parent=root)
    box("FrontRail", (w - 0.06, 0.03, 0.05), (0, -d / 2 + 0.08, 0.25), fm, 0.006, parent=root)
    box("BackRail", (w - 0.06, 0.03, 0.05), (0, d / 2 - 0.14, 0.25), fm, 0.006, parent=root)
    soft_box("Seat", (w - 0.09, d - 0.22, 0.13), (0, -0.06, 0.33), up, 0.05, root, crown=0.2)
    soft_box("Back", (w - 0.1, 0.13, 0.5), (0, d / 2 - 0.16, 0.62), up, 0.05, root, rot=(R(-16), 0, 0), crown=0.2)
    for k, (x, mat, tilt, yaw) in enumerate(p.get("pillows", [])):
        pillow("Pillow%d" % k, 0.4, 0.32, 0.14, (0, d / 2 - 0.3, 0.56), (R(-20), R(tilt), 0), M.get(mat), root)


def gen_ottoman(p, M, root):
    up = M.get(p["upholstery"])
    shape = p.get("shape", "round")
    h = p.get("height", 0.42)
    if shape == "pouf":  # a soft round pouf (bohemian leather or knit)
        r = p.get("radius", 0.28)
        lathe("Pouf", [(0.0001, 0), (r * 0.9, 0.0), (r * 1.02, h * 0.2), (r * 1.06, h * 0.5), (r * 1.02, h * 0.8),
                       (r * 0.88, h * 0.97), (0.0001, h)], (0, 0, 0), up, parent=root, subsurf=2)
        # piping rings at the seams
        for z in (h * 0.5,):
            tube("Seam", [(r * 1.065 * math.cos(a), r * 1.065 * math.sin(a), z)
                          for a in [2 * math.pi * i / 32 for i in range(33)]], 0.006, up, root, resolution=4)
    elif shape == "round":
        r = p.get("radius", 0.3)
        leg_h = p.get("leg_h", 0.1)
        if leg_h > 0:
            legs(root, M, p.get("leg_style", "tapered"), [(r * 0.6 * math.cos(a), r * 0.6 * math.sin(a))
                                                          for a in (R(45), R(135), R(225), R(315))], leg_h, p["leg_mat"])
        lathe("Top", [(0.0001, leg_h), (r * 0.98, leg_h), (r, leg_h + 0.03), (r, h - 0.05), (r * 0.96, h - 0.01),
                      (r * 0.8, h), (0.0001, h)], (0, 0, 0), up, parent=root, subsurf=2)
    else:  # rect bench ottoman
        w, d = p.get("width", 0.9), p.get("depth", 0.55)
        leg_h = p.get("leg_h", 0.12)
        legs(root, M, p.get("leg_style", "tapered"), corner_spots(w, d, 0.05), leg_h, p["leg_mat"], thick=0.04)
        soft_box("Body", (w, d, h - leg_h), (0, 0, leg_h + (h - leg_h) / 2), up, 0.05, root, crown=0.15)
        if p.get("tufted"):
            bm = M.get(p.get("button_mat", p["upholstery"]))
            for ix in range(-1, 2):
                for iy in (-1, 1):
                    sphere("Button", 0.012, (ix * w * 0.28, iy * d * 0.2, h + 0.012), bm, root)


# ----------------------------------------------------------------------------
# Tables
# ----------------------------------------------------------------------------

def table_top(root, M, shape, w, d, z_top, thick, mat, bevel=0.006, edge_r=None):
    m = M.get(mat)
    if shape == "rect":
        return box("Top", (w, d, thick), (0, 0, z_top - thick / 2), m, bevel=bevel, parent=root)
    # round / oval: lathe a disc with a softened edge, scaled in y for ovals
    r = w / 2
    e = min(bevel * 2, thick / 2)
    prof = [(0.0001, z_top - thick), (r - e, z_top - thick), (r, z_top - thick + e), (r, z_top - e), (r - e, z_top),
            (0.0001, z_top)]
    return lathe("Top", prof, (0, 0, 0), m, segs=64, parent=root, subsurf=0, scale=(1.0, d / w, 1.0))


def table_base(root, M, p, w, d, z_under, shape):
    base = p.get("base", "legs")
    lm = p.get("leg_mat")
    if base == "legs":
        inset = p.get("leg_inset", 0.06)
        if shape == "rect":
            spots = corner_spots(w, d, inset)
        else:
            rr = w / 2 - inset - 0.04
            spots = [(rr * math.cos(a), rr * math.sin(a) * d / w) for a in (R(45), R(135), R(225), R(315))]
        legs(root, M, p.get("leg_style", "tapered"), spots, z_under, lm, thick=p.get("leg_thick", 0.05),
             splay=p.get("splay", 0.0))
        if p.get("apron"):
            m = M.get(lm)
            ah = p.get("apron", 0.08)
            box("ApronF", (w - 2 * inset, 0.02, ah), (0, -(d / 2 - inset), z_under - ah / 2), m, 0.003, parent=root)
            box("ApronB", (w - 2 * inset, 0.02, ah), (0, d / 2 - inset, z_under - ah / 2), m, 0.003, parent=root)
            box("ApronL", (0.02, d - 2 * inset, ah), (-(w / 2 - inset), 0, z_under - ah / 2), m, 0.003, parent=root)
            box("ApronR", (0.02, d - 2 * inset, ah), (w / 2 - inset, 0, z_under - ah / 2), m, 0.003, parent=root)
    elif base == "pedestal":  # a drum or tulip pedestal on a round foot
        m = M.get(lm)
        rb = p.get("pedestal_r", min(w, d) * 0.18)
        kind = p.get("pedestal", "tulip")
        if kind == "drum":
            lathe("Drum", [(min(w, d) * 0.38, 0), (min(w, d) * 0.38, z_under), (0.0001, z_under)], (0, 0, 0), m, parent=root,
                  subsurf=0)
        elif kind == "turned":
            prof = [(rb * 1.6, 0), (rb * 1.5, 0.04), (rb * 0.5, 0.1), (rb * 0.45, z_under * 0.4), (rb * 0.75, z_under * 0.55),
                    (rb * 0.4, z_under * 0.75), (rb * 0.6, z_under - 0.02), (rb * 0.9, z_under), (0.0001, z_under)]
            lathe("Pedestal", prof, (0, 0, 0), m, parent=root)
        else:  # tulip
            prof = [(rb * 1.5, 0), (rb * 1.4, 0.02), (rb * 0.6, 0.08), (rb * 0.28, z_under * 0.4), (rb * 0.3, z_under * 0.8),
                    (rb * 0.7, z_under - 0.01), (rb * 0.8, z_under), (0.0001, z_under)]
            lathe("Pedestal", prof, (0, 0, 0), m, parent=root)
    elif base == "trestle":  # two slab ends or X trestles joined by a stretcher
        m = M.get(lm)
        t = p.get("slab_t", 0.06)
        for sx in (-1, 1):
            x = sx * (w / 2 - 0.18)
            if p.get("x_trestle"):
                for s in (-1, 1):
                    box("X", (0.06, 0.07, math.hypot(z_under, d * 0.7)), (x, 0, z_under / 2), m, 0.006, parent=root,
                        rot=(s * math.atan2(d * 0.7, z_under), 0, 0))
            else:
                box("Slab", (t, d * 0.8, z_under), (x, 0, z_under / 2), m, 0.006, parent=root)
        box("Stretcher", (w - 0.36, 0.06, 0.06), (0, 0, z_under * 0.3), m, 0.006, parent=root)
    elif base == "frame":  # metal tube frame: rectangles at the top and floor joined by posts
        m = M.get(lm)
        r = p.get("tube_r", 0.012)
        inset = 0.04
        x0, x1, y0, y1 = -w / 2 + inset, w / 2 - inset, -d / 2 + inset, d / 2 - inset
        for z in (r, z_under - r):
            tube("Ring", [(x0, y0, z), (x1, y0, z), (x1, y1, z), (x0, y1, z), (x0, y0, z)], r, m, root, resolution=1)
        for (x, y) in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)):
            rod("Post", (x, y, 0), (x, y, z_under), r, m, root)
    elif base == "block":  # a chunky low block (minimal, japandi)
        box("Block", (w * 0.7, d * 0.7, z_under), (0, 0, z_under / 2), M.get(lm), 0.01, parent=root)
    elif base == "waterfall":  # the top folds down both ends (contemporary)
        m = M.get(p["top_mat"])
        th = p.get("top_t", 0.04)
        for sx in (-1, 1):
            box("Side", (th, d, z_under), (sx * (w / 2 - th / 2), 0, z_under / 2), m, 0.004, parent=root)
    else:
        raise ValueError(base)


def coffee_decor(root, M, p, z_top, w, d, rnd):
    if not p.get("decor", True):
        return
    dec = p.get("decor_mats", {})
    bm1 = dec.get("book1", (0.08, 0.1, 0.16))
    bm2 = dec.get("book2", (0.7, 0.6, 0.45))
    bx = -w * 0.22
    box("Book1", (0.3, 0.22, 0.03), (bx, 0.0, z_top + 0.015), M.get({"kind": "fabric", "color": bm1, "rough": 0.7, "sheen": 0.2,
                                                                     "weave": 700.0}), bevel=0.003, parent=root,
        rot=(0, 0, R(8)))
    box("Book2", (0.25, 0.19, 0.025), (bx + 0.01, 0.01, z_top + 0.03 + 0.0125),
        M.get({"kind": "fabric", "color": bm2, "rough": 0.7, "sheen": 0.2, "weave": 700.0}), bevel=0.003, parent=root,
        rot=(0, 0, R(-5)))
    vase(root, M, (w * 0.2, d * 0.08, z_top), dec.get("vase", {"kind": "ceramic", "color": (0.8, 0.78, 0.74)}), 0.2)
    if dec.get("bowl", True):
        vase(root, M, (w * 0.05, -d * 0.2, z_top), dec.get("bowl_mat", {"kind": "ceramic", "color": (0.45, 0.26, 0.16),
                                                                        "rough": 0.35}), kind="bowl")


def gen_coffee_table(p, M, root):
    shape = p.get("shape", "rect")
    w, d = p.get("width", 1.2), p.get("depth", 0.65 if shape == "rect" else 1.2 * 0.65)
    if shape == "round":
        d = w
    h, th = p.get("height", 0.42), p.get("top_t", 0.035)
    table_top(root, M, shape, w, d, h, th, p["top_mat"], p.get("top_bevel", 0.006))
    table_base(root, M, p, w, d, h - th, shape)
    if p.get("shelf"):
        box("Shelf", (w - 0.14, d - 0.14, 0.02), (0, 0, 0.12), M.get(p.get("shelf_mat", p["top_mat"])), 0.004, parent=root)
    with decor_objects():
        coffee_decor(root, M, p, h, w, d, random.Random(5))


def gen_side_table(p, M, root):
    shape = p.get("shape", "round")
    w = p.get("width", 0.5)
    d = w if shape == "round" else p.get("depth", w)
    h, th = p.get("height", 0.56), p.get("top_t", 0.03)
    if p.get("base") == "drum_rattan":
        lathe("Drum", [(w * 0.42, 0), (w * 0.46, h * 0.5), (w * 0.42, h - th), (0.0001, h - th)], (0, 0, 0),
              M.get(p["leg_mat"]), parent=root)
    else:
        table_base(root, M, p, w, d, h - th, shape)
    table_top(root, M, shape, w, d, h, th, p["top_mat"], p.get("top_bevel", 0.005))
    if p.get("decor", True):
        with decor_objects():
            dec = p.get("decor_mats", {})
            vase(root, M, (0.06, 0.02, h), dec.get("vase", {"kind": "ceramic", "color": (0.78, 0.76, 0.72)}), 0.18, kind="jar")


def gen_dining_table(p, M, root):
    shape = p.get("shape", "rect")
    w = p.get("width", 1.8)
    d = p.get("depth", 0.9) if shape == "rect" else (w if shape == "round" else p.get("depth", 1.0))
    h, th = p.get("height", 0.75), p.get("top_t", 0.04)
    table_top(root, M, shape, w, d, h, th, p["top_mat"], p.get("top_bevel", 0.006))
    table_base(root, M, p, w, d, h - th, shape)
    if p.get("decor", True):
        with decor_objects():
            dec = p.get("decor_mats", {})
            vase(root, M, (0.0, 0.0, h), dec.get("vase", {"kind": "ceramic", "color": (0.8, 0.78, 0.74)}), 0.26)
            vase(root, M, (0.25, -0.08, h), dec.get("bowl_mat", {"kind": "ceramic", "color": (0.45, 0.26, 0.16), "rough": 0.35}),
                 kind="bowl")


def gen_desk(p, M, root):
    w, d, h = p.get("width", 1.3), p.get("depth", 0.62), p.get("height", 0.75)
    th = p.get("top_t", 0.03)
    table_top(root, M, "rect", w, d, h, th, p["top_mat"])
    if p.get("drawer_unit"):
        body = M.get(p.get("body_mat", p["top_mat"]))
        uw = 0.4
        x = w / 2 - uw / 2 - 0.03
        box("Unit", (uw, d - 0.08, h - th - 0.12), (x, 0.0, 0.12 + (h - th - 0.12) / 2), body, 0.004, parent=root)
        for k in range(3):
            z = 0.12 + (h - th - 0.12) * (k + 0.5) / 3
            box("Drawer", (uw - 0.03, 0.01, (h - th - 0.12) / 3 - 0.015), (x, -(d - 0.08) / 2 - 0.004, z), body, 0.003,
                parent=root)
            handle(root, M, p, (x, -(d - 0.08) / 2 - 0.01, z))
        legs(root, M, p.get("leg_style", "tapered"), [(-w / 2 + 0.06, -d / 2 + 0.06), (-w / 2 + 0.06, d / 2 - 0.06),
                                                       (x - uw / 2 + 0.03, -d / 2 + 0.08), (x + uw / 2 - 0.03, -d / 2 + 0.08),
                                                       (x - uw / 2 + 0.03, d / 2 - 0.08), (x + uw / 2 - 0.03, d / 2 - 0.08)],
             0.12 if p.get("leg_style") != "square_metal" else h - th, p["leg_mat"], thick=p.get("leg_thick", 0.045))
        if p.get("leg_style") != "square_metal":
            legs(root, M, p.get("leg_style", "tapered"), [(-w / 2 + 0.06, -d / 2 + 0.06), (-w / 2 + 0.06, d / 2 - 0.06)],
                 h - th, p["leg_mat"], thick=p.get("leg_thick", 0.045))
    else:
        table_base(root, M, p, w, d, h - th, "rect")
        if p.get("drawer"):
            body = M.get(p.get("body_mat", p["top_mat"]))
            box("Drawer", (0.5, d - 0.1, 0.08), (0, 0, h - th - 0.04), body, 0.003, parent=root)
    if p.get("decor", True):
        with decor_objects():
            dec = p.get("decor_mats", {})
            # a desk lamp and a stack of books
            mm = M.get(dec.get("lamp_mat", {"kind": "metal", "color": (0.03, 0.03, 0.03), "rough": 0.35, "painted": True}))
            lx = -w / 2 + 0.2
            cylinder("LampFoot", 0.07, 0.07, 0.015, (lx, d * 0.18, h), mm, parent=root)
            rod("LampArm", (lx, d * 0.18, h), (lx + 0.08, d * 0.1, h + 0.38), 0.007, mm, root)
            shade = lathe("LampShade", [(0.075, 0), (0.06, 0.04), (0.03, 0.12), (0.0001, 0.125)], (lx + 0.13, d * 0.06, h + 0.3),
                          mm, cap_bottom=False, subsurf=1, solidify=0.003, parent=root)
            shade.rotation_euler = (R(25), R(25), 0)
            box("Book", (0.24, 0.17, 0.025), (w * 0.1, d * 0.1, h + 0.0125),
                M.get({"kind": "fabric", "color": dec.get("book1", (0.5, 0.12, 0.08)), "rough": 0.7, "weave": 700.0}), 0.003,
                parent=root, rot=(0, 0, R(-6)))


# ----------------------------------------------------------------------------
# Case goods
# ----------------------------------------------------------------------------

def handle(root, M, p, loc):
    style = p.get("handle", "knob")
    hm = M.get(p.get("handle_mat", {"kind": "metal", "color": (0.75, 0.58, 0.32), "rough": 0.3}))
    x, y, z = loc
    if style == "knob":
        sphere("Knob", 0.014, (x, y - 0.008, z), hm, root, scale=(1, 0.8, 1), u=16, v=8)
    elif style == "bar":
        rod("Bar", (x - 0.07, y - 0.022, z), (x + 0.07, y - 0.022, z), 0.0055, hm, root)
        rod("BarPost", (x - 0.065, y, z), (x - 0.065, y - 0.022, z), 0.004, hm, root)
        rod("BarPost", (x + 0.065, y, z), (x + 0.065, y - 0.022, z), 0.004, hm, root)
    elif style == "cup":  # farmhouse bin pull
        box("Cup", (0.08, 0.018, 0.03), (x, y - 0.01, z), hm, 0.008, parent=root)
    elif style == "ring":  # traditional / french: a bail ring on a rose
        cylinder("Rose", 0.016, 0.016, 0.006, (x, y, z), hm, segs=16, rot=(R(90), 0, 0), parent=root)
        tube("Ring", [(x + 0.022 * math.cos(a), y - 0.01, z - 0.018 + 0.022 * math.sin(a)) for a in
                      [2 * math.pi * i / 16 for i in range(17)]], 0.003, hm, root, resolution=4)
    elif style == "slot":  # minimal: an inset finger slot (drawn as a dark line)
        box("Slot", (0.12, 0.006, 0.012), (x, y + 0.002, z + 0.06), M.get({"kind": "plain", "color": (0.02, 0.02, 0.02)}),
            0.002, parent=root)
    elif style == "none":
        pass


def case(root, M, p, w, d, h, rows, cols, doors=False):
    """A cabinet body on legs or a plinth with a grid of drawer or door fronts."""
    body = M.get(p["body_mat"])
    front = M.get(p.get("front_mat", p["body_mat"]))
    leg_h = p.get("leg_h", 0.12)
    style = p.get("leg_style", "tapered")
    if style == "plinth":
        box("Plinth", (w - 0.04, d - 0.04, leg_h), (0, 0.01, leg_h / 2), body, 0.003, parent=root)
    else:
        legs(root, M, style, corner_spots(w, d, 0.05), leg_h, p.get("leg_mat", p["body_mat"]), thick=p.get("leg_thick", 0.045),
             splay=p.get("splay", 0.0))
    ch = h - leg_h
    box("Carcass", (w, d, ch), (0, 0, leg_h + ch / 2), body, p.get("bevel", 0.004), parent=root)
    if p.get("top_mat"):
        box("Top", (w + 0.02, d + 0.02, 0.03), (0, 0, h + 0.015), M.get(p["top_mat"]), 0.004, parent=root)
    gap, frame = 0.006, p.get("frame_w", 0.025)
    fw = (w - 2 * frame - gap * (cols - 1)) / cols
    fh = (ch - 2 * frame - gap * (rows - 1)) / rows
    slats = p.get("slats")
    for r in range(rows):
        for c in range(cols):
            x = -w / 2 + frame + fw * (c + 0.5) + gap * c
            z = leg_h + frame + fh * (r + 0.5) + gap * r
            if slats:  # vertical slatted fronts (japandi, mid-century)
                n = max(4, int(fw / 0.03))
                for k in range(n):
                    sx = x - fw / 2 + fw * (k + 0.5) / n
                    box("Slat", (fw / n * 0.7, 0.012, fh), (sx, -d / 2 - 0.006, z), front, 0.002, parent=root)
                continue
            box("Front", (fw, 0.018, fh), (x, -d / 2 - 0.006, z), front, p.get("front_bevel", 0.003), parent=root)
            if p.get("panel"):  # raised/shaker panel
                box("Panel", (fw - 0.07, 0.008, fh - 0.07), (x, -d / 2 - 0.017, z), front, 0.004, parent=root)
            if doors:
                hx = x + (fw / 2 - 0.04) * (1 if c % 2 == 0 else -1)
                handle(root, M, p, (hx, -d / 2 - 0.016, z))
            else:
                handle(root, M, p, (x, -d / 2 - 0.016, z))


def gen_dresser(p, M, root):
    case(root, M, p, p.get("width", 1.2), p.get("depth", 0.48), p.get("height", 0.86), p.get("rows", 3), p.get("cols", 2))
    if p.get("decor", True):
        with decor_objects():
            h = p.get("height", 0.86) + (0.03 if p.get("top_mat") else 0)
            dec = p.get("decor_mats", {})
            vase(root, M, (-0.3, 0.05, h), dec.get("vase", {"kind": "ceramic", "color": (0.8, 0.78, 0.74)}), 0.26)
            box("Book", (0.26, 0.2, 0.04), (0.25, 0.02, h + 0.02), M.get({"kind": "fabric", "color": dec.get("book1", (0.1, 0.12, 0.18)),
                                                                          "rough": 0.7, "weave": 700.0}), 0.003, parent=root)


def gen_nightstand(p, M, root):
    w, d, h = p.get("width", 0.5), p.get("depth", 0.4), p.get("height", 0.56)
    if p.get("open_shelf"):
        case(root, M, dict(p, leg_h=p.get("leg_h", 0.14)), w, d, h, 1, 1)
        box("Shelf", (w - 0.04, d - 0.04, 0.018), (0, 0, p.get("leg_h", 0.14) + 0.02), M.get(p["body_mat"]), 0.003, parent=root)
    else:
        case(root, M, p, w, d, h, p.get("rows", 2), 1)
    if p.get("decor", True):
        with decor_objects():
            dec = p.get("decor_mats", {})
            top = h + (0.03 if p.get("top_mat") else 0)
            # a small table lamp
            lm = M.get(dec.get("lamp_base", {"kind": "ceramic", "color": (0.8, 0.78, 0.74)}))
            lathe("LampBase", [(0.0001, 0), (0.06, 0), (0.075, 0.06), (0.07, 0.14), (0.03, 0.2), (0.015, 0.24), (0.0001, 0.24)],
                  (-0.08, 0.05, top), lm, parent=root)
            lathe("LampShade", [(0.13, 0.22), (0.1, 0.4)], (-0.08, 0.05, top), M.get(dec.get("shade", {"kind": "shade"})),
                  cap_bottom=False, subsurf=0, solidify=0.003, parent=root)


def gen_tv_stand(p, M, root):
    w, d, h = p.get("width", 1.8), p.get("depth", 0.42), p.get("height", 0.52)
    case(root, M, p, w, d, h, 1, p.get("cols", 3), doors=True)
    if p.get("decor", True):
        with decor_objects():
            top = h + (0.03 if p.get("top_mat") else 0)
            dec = p.get("decor_mats", {})
            vase(root, M, (-w * 0.35, 0.04, top), dec.get("vase", {"kind": "ceramic", "color": (0.8, 0.78, 0.74)}), 0.24)
            books(root, M, w * 0.18, w * 0.18 + 0.2, 0.0, top, random.Random(2),
                  dec.get("book_colors", [(0.6, 0.55, 0.45), (0.1, 0.12, 0.16), (0.5, 0.2, 0.1)]), max_h=0.22)


def gen_bookshelf(p, M, root):
    w, d, h = p.get("width", 0.9), p.get("depth", 0.34), p.get("height", 1.85)
    n = p.get("shelves", 5)
    rnd = random.Random(p.get("seed", 4))
    colors = p.get("book_colors", [(0.55, 0.5, 0.42), (0.08, 0.1, 0.16), (0.45, 0.18, 0.1), (0.7, 0.66, 0.58),
                                   (0.2, 0.25, 0.18), (0.12, 0.1, 0.09)])
    sm = M.get(p["shelf_mat"])
    if p.get("frame") == "metal":  # industrial: a steel ladder frame with wooden boards
        fm = M.get(p["frame_mat"])
        for sx in (-1, 1):
            for sy in (-1, 1):
                box("Upright", (0.025, 0.025, h), (sx * (w / 2 - 0.0125), sy * (d / 2 - 0.0125), h / 2), fm, 0.002, parent=root)
        for k in range(n):
            z = 0.05 + (h - 0.08) * k / (n - 1)
            box("Board", (w - 0.01, d - 0.01, 0.03), (0, 0, z), sm, 0.003, parent=root)
            for sy in (-1, 1):
                box("XRail", (w, 0.02, 0.02), (0, sy * (d / 2 - 0.0125), z - 0.025), fm, 0.002, parent=root)
    else:
        t = p.get("board_t", 0.025)
        box("SideL", (t, d, h), (-w / 2 + t / 2, 0, h / 2), sm, 0.003, parent=root)
        box("SideR", (t, d, h), (w / 2 - t / 2, 0, h / 2), sm, 0.003, parent=root)
        box("Back", (w - 2 * t, 0.01, h - 0.02), (0, d / 2 - 0.005, h / 2), M.get(p.get("back_mat", p["shelf_mat"])), 0.0,
            parent=root)
        for k in range(n):
            z = 0.06 + (h - 0.08) * k / (n - 1)
            box("Board", (w - 2 * t, d - 0.01, t), (0, -0.005, z), sm, 0.002, parent=root)
        box("Kick", (w - 2 * t, 0.02, 0.06), (0, -d / 2 + 0.02, 0.03), sm, 0.002, parent=root)
    # contents: books, a vase, a small bowl, shelf by shelf
    for k in range(n - 1):
        z0 = 0.06 + (h - 0.08) * k / (n - 1) + 0.015
        gap = (h - 0.08) / (n - 1) - 0.04
        x0, x1 = -w / 2 + 0.04, w / 2 - 0.04
        layout = k % 3
        if layout == 0:
            books(root, M, x0, x0 + (x1 - x0) * 0.62, 0.02, z0, rnd, colors, max_h=min(0.28, gap))
            vase(root, M, (x1 - 0.12, 0.0, z0), p.get("vase", {"kind": "ceramic", "color": (0.8, 0.78, 0.74)}), min(0.2, gap * 0.8))
        elif layout == 1:
            vase(root, M, (x0 + 0.1, 0.0, z0), p.get("bowl", {"kind": "ceramic", "color": (0.45, 0.26, 0.16), "rough": 0.35}),
                 kind="bowl")
            books(root, M, x0 + (x1 - x0) * 0.4, x1, 0.02, z0, rnd, colors, max_h=min(0.28, gap))
        else:
            # a horizontal stack plus standing books
            for j in range(3):
                box("StackBook", (0.24, 0.18, 0.03), (x0 + 0.13, 0.0, z0 + 0.015 + j * 0.032),
                    M.get({"kind": "fabric", "color": colors[(j + k) % len(colors)], "rough": 0.7, "weave": 700.0}), 0.002,
                    parent=root)
            books(root, M, x0 + 0.32, x1, 0.02, z0, rnd, colors, max_h=min(0.26, gap))


# ----------------------------------------------------------------------------
# Beds
# ----------------------------------------------------------------------------

def gen_bed(p, M, root):
    w, L = p.get("width", 1.6), p.get("length", 2.05)
    frame = M.get(p["frame_mat"])
    style = p.get("frame", "upholstered")
    fh = p.get("frame_h", 0.3)  # top of the side rails
    mat_h = p.get("mattress_h", 0.22)
    if style == "platform":  # low wooden platform wider than the mattress (japandi)
        box("Platform", (w + 0.16, L + 0.1, fh), (0, 0.02, fh / 2 + 0.03), frame, 0.01, parent=root)
        box("Recess", (w + 0.06, L, 0.03), (0, 0.02, 0.015), M.get(p.get("leg_mat", p["frame_mat"])), 0.004, parent=root)
        mat_z = fh + 0.03
    elif style == "legs":
        leg_h = p.get("leg_h", 0.18)
        legs(root, M, p.get("leg_style", "tapered"), corner_spots(w + 0.06, L, 0.05), leg_h, p.get("leg_mat", p["frame_mat"]),
             thick=0.055)
        box("Rails", (w + 0.06, L, fh - leg_h), (0, 0.0, leg_h + (fh - leg_h) / 2), frame, 0.01, parent=root)
        mat_z = fh
    elif style == "metal":  # a slim steel frame with a spindle headboard and footboard
        legs(root, M, "square_metal", corner_spots(w + 0.04, L, 0.02), fh, p["frame_mat"], thick=0.05)
        box("Rail", (0.03, L, 0.05), (-(w / 2 + 0.01), 0, fh - 0.03), frame, 0.003, parent=root)
        box("Rail", (0.03, L, 0.05), (w / 2 + 0.01, 0, fh - 0.03), frame, 0.003, parent=root)
        box("FootRail", (w + 0.04, 0.03, 0.05), (0, -L / 2 + 0.01, fh - 0.03), frame, 0.003, parent=root)
        mat_z = fh - 0.02
    else:  # upholstered box frame
        soft_box("Frame", (w + 0.1, L + 0.04, fh - 0.05), (0, 0, 0.05 + (fh - 0.05) / 2), frame, 0.03, root)
        legs(root, M, "block", corner_spots(w + 0.06, L, 0.06), 0.05, p.get("leg_mat", p["frame_mat"]), thick=0.05)
        mat_z = fh
    linen = M.get(p["linen"])
    soft_box("Mattress", (w, L - 0.04, mat_h), (0, 0.0, mat_z + mat_h / 2), M.get(p.get("mattress", {"kind": "fabric",
                                                                                                      "color": (0.8, 0.79, 0.76)})),
             0.05, root)
    top = mat_z + mat_h
    # duvet: covers the foot two thirds, drapes over the sides
    dl = (L - 0.04) * 0.7
    dy = -(L - 0.04) / 2 + dl / 2 - 0.03
    soft_box("Duvet", (w + 0.1, dl, 0.08 + mat_h * 0.9), (0, dy, top - mat_h * 0.45 + 0.03), M.get(p.get("duvet", p["linen"])),
             0.05, root, crown=0.15)
    # folded-back top edge of the duvet
    soft_box("Fold", (w + 0.1, 0.26, 0.06), (0, dy + dl / 2 - 0.1, top + 0.09), M.get(p.get("duvet", p["linen"])), 0.03, root)
    if p.get("throw"):
        soft_box("Throw", (w + 0.14, 0.5, 0.035), (0, -L / 2 + 0.35, top + 0.1), M.get(p["throw"]), 0.02, root)
        soft_box("ThrowSide", (0.03, 0.5, 0.32), (w / 2 + 0.08, -L / 2 + 0.35, top - 0.06), M.get(p["throw"]), 0.015, root)
    # pillows against the headboard
    py = L / 2 - 0.22
    for sx in (-1, 1):
        pillow("SleepPillow", 0.66, 0.46, 0.2, (sx * w * 0.24, py + 0.02, top + 0.2), (R(-62), 0, 0), linen, root)
    for k, (x, mat, tilt, yaw) in enumerate(p.get("pillows", [])):
        pillow("Deco%d" % k, 0.46, 0.46, 0.17, (x * w / 2, py - 0.14, top + 0.24), (R(-72 + tilt * 0.2), R(tilt), R(yaw)),
               M.get(mat), root)
    # headboard
    hb = p.get("headboard", "panel")
    hb_h = p.get("headboard_h", 1.1)
    hbm = M.get(p.get("headboard_mat", p["frame_mat"]))
    y = L / 2 + 0.04
    if hb == "panel":
        soft_box("Headboard", (w + 0.12, 0.1, hb_h), (0, y, hb_h / 2), hbm, 0.04, root)
    elif hb == "channel":
        n = int((w + 0.12) / 0.16)
        for i in range(n):
            x = -(w + 0.12) / 2 + (w + 0.12) * (i + 0.5) / n
            soft_box("Channel", ((w + 0.12) / n + 0.004, 0.12, hb_h), (x, y, hb_h / 2), hbm, 0.06, root)
    elif hb == "tufted":
        soft_box("Headboard", (w + 0.16, 0.12, hb_h), (0, y, hb_h / 2), hbm, 0.05, root)
        bm = M.get(p.get("button_mat", p.get("headboard_mat", p["frame_mat"])))
        for r in range(3):
            for c in range(5):
                x = -(w) / 2 + w * (c + 0.5 + (0.5 if r % 2 else 0)) / 5.5
                z = hb_h - 0.18 - r * 0.16
                if z > top + 0.15:
                    sphere("Tuft", 0.012, (x, y - 0.062, z), bm, root)
    elif hb == "slat":  # vertical wooden slats
        n = p.get("slats", 9)
        for i in range(n):
            x = -(w + 0.1) / 2 + (w + 0.1) * (i + 0.5) / n
            box("Slat", ((w + 0.1) / n * 0.7, 0.04, hb_h), (x, y, hb_h / 2), hbm, 0.004, parent=root)
        box("Cap", (w + 0.16, 0.06, 0.04), (0, y, hb_h + 0.02), hbm, 0.006, parent=root)
    elif hb == "wood":  # a solid low wooden headboard
        box("Headboard", (w + 0.16, 0.05, hb_h), (0, y, hb_h / 2), hbm, 0.008, parent=root)
    elif hb == "spindle":  # metal spindles between two posts
        for sx in (-1, 1):
            rod("Post", (sx * (w / 2 + 0.02), y, 0), (sx * (w / 2 + 0.02), y, hb_h), 0.02, hbm, root)
            sphere("Finial", 0.03, (sx * (w / 2 + 0.02), y, hb_h + 0.02), hbm, root)
        rod("TopBar", (-(w / 2 + 0.02), y, hb_h - 0.05), (w / 2 + 0.02, y, hb_h - 0.05), 0.014, hbm, root)
        rod("MidBar", (-(w / 2 + 0.02), y, top + 0.05), (w / 2 + 0.02, y, top + 0.05), 0.012, hbm, root)
        for i in range(1, 12):
            x = -(w / 2) + w * i / 12
            rod("Spindle", (x, y, top + 0.05), (x, y, hb_h - 0.05), 0.007, hbm, root)
    elif hb == "arched":  # french country: an upholstered panel with an arched top in a wood frame
        import bmesh
        mesh = bpy.data.meshes.new("Arch")
        bm = bmesh.new()
        n = 24
        ww = w + 0.14
        verts_b, verts_t = [], []
        for i in range(n + 1):
            x = -ww / 2 + ww * i / n
            z = hb_h * (0.82 + 0.18 * math.sin(math.pi * i / n))
            verts_b.append(bm.verts.new((x, 0, 0)))
            verts_t.append(bm.verts.new((x, 0, z)))
        for i in range(n):
            bm.faces.new((verts_b[i], verts_b[i + 1], verts_t[i + 1], verts_t[i]))
        bm.to_mesh(mesh)
        bm.free()
        o = link(bpy.data.objects.new("Arch", mesh))
        o.location = (0, y, 0)
        o.data.materials.append(hbm)
        s = o.modifiers.new("Solidify", "SOLIDIFY")
        s.thickness = 0.09
        bv = o.modifiers.new("Bevel", "BEVEL")
        bv.width = 0.02
        bv.segments = 3
        o.parent = root
        fm = M.get(p.get("trim_mat", p["frame_mat"]))
        tube("Trim", [(-ww / 2 + ww * i / n, y - 0.05, hb_h * (0.82 + 0.18 * math.sin(math.pi * i / n)))
                      for i in range(n + 1)], 0.018, fm, root, resolution=4)
    if style == "legs" and p.get("footboard"):
        box("Footboard", (w + 0.12, 0.05, p["footboard"]), (0, -L / 2 - 0.02, p["footboard"] / 2), hbm, 0.008, parent=root)
    if style == "metal":
        fb_h = p.get("footboard", 0.7)
        for sx in (-1, 1):
            rod("FPost", (sx * (w / 2 + 0.02), -L / 2, 0), (sx * (w / 2 + 0.02), -L / 2, fb_h), 0.02, hbm, root)
            sphere("FFinial", 0.03, (sx * (w / 2 + 0.02), -L / 2, fb_h + 0.02), hbm, root)
        rod("FTop", (-(w / 2 + 0.02), -L / 2, fb_h - 0.04), (w / 2 + 0.02, -L / 2, fb_h - 0.04), 0.014, hbm, root)
        for i in range(1, 12):
            x = -(w / 2) + w * i / 12
            rod("FSpindle", (x, -L / 2, fh), (x, -L / 2, fb_h - 0.04), 0.007, hbm, root)


# ----------------------------------------------------------------------------
# Chairs
# ----------------------------------------------------------------------------

def gen_dining_chair(p, M, root):
    style = p.get("style", "spindle")
    fm = M.get(p["frame_mat"])
    w, d, sh = p.get("width", 0.46), p.get("depth", 0.5), p.get("seat_h", 0.46)
    bh = p.get("back_h", 0.86)
    if style == "upholstered":  # parsons / french upholstered chair
        up = M.get(p["upholstery"])
        legs(root, M, p.get("leg_style", "tapered"), corner_spots(w, d, 0.03), sh - 0.08, p["frame_mat"], thick=0.045)
        soft_box("Seat", (w, d, 0.1), (0, 0, sh - 0.05), up, 0.03, root, crown=0.2)
        soft_box("Back", (w - 0.02, 0.07, bh - sh), (0, d / 2 - 0.035, sh + (bh - sh) / 2 - 0.02), up, 0.03, root,
                 rot=(R(-6), 0, 0))
        return
    if style == "shell":  # mid-century molded shell on dowel legs
        sm = M.get(p.get("shell_mat", p["frame_mat"]))

        def shell_point(i, j):
            u = -1 + 2 * i / 16
            v = j / 12  # 0 front of the seat .. 1 top of the back
            if v < 0.5:
                y = -d / 2 + d * v * 1.7
                z = sh + 0.03 * (u * u) - 0.02 * math.sin(math.pi * v * 2)
            else:
                t = (v - 0.5) * 2
                y = -d / 2 + d * 0.85 + 0.1 * t
                z = sh + 0.02 + (bh - sh) * t
            x = u * w / 2 * (1 + 0.08 * (v > 0.5) * (v - 0.5))
            z += 0.05 * (u ** 4) * (1 if v < 0.5 else 1.6)
            y += 0.06 * (u ** 2) * (v > 0.5)
            return (x, y, z)

        mesh = grid_mesh("Shell", 16, 12, shell_point)
        o = link(bpy.data.objects.new("Shell", mesh))
        o.data.materials.append(sm)
        s = o.modifiers.new("Solidify", "SOLIDIFY")
        s.thickness = 0.012
        add_subsurf(o, 2)
        o.parent = root
        legs(root, M, "tapered", corner_spots(w, d, 0.06), sh - 0.01, p["frame_mat"], thick=0.04, splay=0.03)
        return
    # wooden chairs: seat, four legs, back by style
    seat_t = 0.035
    seat_mat = M.get(p.get("seat_mat", p["frame_mat"]))
    legs(root, M, p.get("leg_style", "block" if style == "slat" else "tapered"), corner_spots(w, d, 0.03), sh - seat_t,
         p["frame_mat"], thick=p.get("leg_thick", 0.04), splay=p.get("splay", 0.0))
    if p.get("seat_kind") == "rush":
        soft_box("Seat", (w, d, seat_t + 0.01), (0, 0, sh - seat_t / 2), seat_mat, 0.015, root, crown=0.1)
    elif p.get("seat_kind") == "cushion":
        box("SeatFrame", (w, d, seat_t), (0, 0, sh - seat_t / 2), fm, 0.006, parent=root)
        soft_box("Cushion", (w - 0.03, d - 0.04, 0.05), (0, -0.01, sh + 0.025), M.get(p["upholstery"]), 0.02, root, crown=0.2)
    else:
        box("Seat", (w, d, seat_t), (0, 0, sh - seat_t / 2), seat_mat, 0.008, parent=root)
    yb = d / 2 - 0.03
    if style in ("spindle", "slat", "cane", "ladder"):
        for sx in (-1, 1):
            rod("BackPost", (sx * (w / 2 - 0.03), yb, sh - 0.01), (sx * (w / 2 - 0.035), yb + 0.05, bh), 0.016, fm, root)
        rail_z = bh - 0.03
        box("TopRail", (w - 0.02, 0.03, 0.07 if style != "spindle" else 0.05), (0, yb + 0.05, rail_z), fm, 0.01, parent=root,
            rot=(R(-4), 0, 0))
        if style == "spindle":
            for i in range(1, 6):
                x = -w / 2 + 0.03 + (w - 0.06) * i / 6
                rod("Spindle", (x, yb, sh), (x, yb + 0.045, rail_z - 0.02), 0.008, fm, root)
        elif style == "ladder":
            for k in range(3):
                z = sh + 0.12 + k * (bh - sh - 0.16) / 3
                box("Ladder", (w - 0.05, 0.02, 0.05), (0, yb + 0.02 + 0.04 * (z - sh) / (bh - sh), z), fm, 0.008, parent=root)
        elif style == "slat":
            box("MidRail", (w - 0.05, 0.025, 0.12), (0, yb + 0.03, sh + (bh - sh) * 0.5), fm, 0.01, parent=root)
        elif style == "cane":
            box("Cane", (w - 0.08, 0.012, (bh - sh) * 0.55), (0, yb + 0.035, sh + (bh - sh) * 0.55), M.get(p["cane_mat"]), 0.0,
                parent=root, rot=(R(-4), 0, 0))
    if style == "cantilever":  # bauhaus: one bent chrome tube per side, cane seat and back in wooden frames
        tm = M.get(p["frame_mat"])
        cane = M.get(p["cane_mat"])
        wm = M.get(p.get("seat_mat", p["frame_mat"]))
        for sx in (-1, 1):
            x = sx * (w / 2 - 0.01)
            tube("Cantilever", [(x, d / 2 - 0.02, bh), (x, d / 2 - 0.04, sh + 0.05), (x, d / 2 - 0.06, sh - 0.01),
                                (x, -d / 2 + 0.06, sh - 0.01), (x, -d / 2 + 0.02, sh - 0.06), (x, -d / 2 + 0.01, 0.015),
                                (x, d / 2 - 0.05, 0.012)], 0.011, tm, root, resolution=8)
        rod("FootBar", (-w / 2 + 0.01, d / 2 - 0.06, 0.012), (w / 2 - 0.01, d / 2 - 0.06, 0.012), 0.011, tm, root)
        box("SeatFrame", (w - 0.02, d - 0.08, 0.03), (0, -0.02, sh + 0.005), wm, 0.01, parent=root)
        box("SeatCane", (w - 0.08, d - 0.14, 0.006), (0, -0.02, sh + 0.019), cane, 0.0, parent=root)
        box("BackFrame", (w - 0.02, 0.025, 0.2), (0, d / 2 - 0.02, bh - 0.12), wm, 0.01, parent=root, rot=(R(-8), 0, 0))
        box("BackCane", (w - 0.08, 0.006, 0.14), (0, d / 2 - 0.035, bh - 0.12), cane, 0.0, parent=root, rot=(R(-8), 0, 0))
        return
    if style == "metal":  # industrial steel bistro chair
        for sx in (-1, 1):
            rod("BackPost", (sx * (w / 2 - 0.02), d / 2 - 0.02, sh), (sx * (w / 2 - 0.03), d / 2 + 0.03, bh), 0.012, fm, root)
        box("BackPanel", (w - 0.04, 0.012, 0.22), (0, d / 2 + 0.02, bh - 0.14), fm, 0.005, parent=root, rot=(R(-8), 0, 0))


# ----------------------------------------------------------------------------
# Lighting, plants, rugs
# ----------------------------------------------------------------------------

def gen_floor_lamp(p, M, root):
    style = p.get("style", "drum")
    mm = M.get(p["metal"])
    shade = M.get(p.get("shade", {"kind": "shade"}))
    h = p.get("height", 1.6)
    if style in ("drum", "tripod"):
        sr, sh = p.get("shade_r", 0.22), p.get("shade_h", 0.32)
        if style == "drum":
            base_kind = p.get("base", "disc")
            if base_kind == "marble":
                lathe("Base", [(0.0001, 0), (0.15, 0), (0.15, 0.04), (0.0001, 0.04)], (0, 0, 0), M.get(p["base_mat"]), parent=root,
                      subsurf=0)
            else:
                lathe("Base", [(0.0001, 0), (0.15, 0), (0.15, 0.012), (0.13, 0.026), (0.02, 0.03), (0.0001, 0.03)], (0, 0, 0), mm,
                      subsurf=0, parent=root)
            cylinder("Pole", 0.011, 0.011, h - 0.05, (0, 0, 0.03), mm, segs=16, parent=root)
        else:
            lm = M.get(p.get("leg_mat", p["metal"]))
            for k in range(3):
                a = 2 * math.pi * k / 3 + R(30)
                rod("TripodLeg", (0.3 * math.cos(a), 0.3 * math.sin(a), 0), (0.02 * math.cos(a), 0.02 * math.sin(a), h - sh - 0.05),
                    0.014, lm, root)
            cylinder("Stem", 0.012, 0.012, sh * 0.6, (0, 0, h - sh - 0.08), mm, segs=16, parent=root)
        top_r = sr * p.get("taper", 0.88)
        lathe("Shade", [(sr, h - sh), (sr * 0.99, h - sh + 0.03), (top_r, h)], (0, 0, 0), shade, cap_bottom=False, subsurf=0,
              solidify=0.004, parent=root)
        sphere("Bulb", 0.035, (0, 0, h - sh * 0.5), M.get({"kind": "bulb"}), root)
    elif style == "arc":
        base_m = M.get(p.get("base_mat", p["metal"]))
        box("Base", (0.3, 0.3, 0.06), (0, 0.35, 0.03), base_m, 0.01, parent=root)
        pts = []
        for i in range(13):
            t = i / 12
            a = math.pi * 0.5 * t * 1.15
            pts.append((0, 0.35 - 1.0 * math.sin(a) * 0.95, 0.06 + 1.7 * math.sin(math.pi / 2 * min(1, t * 1.15)) ** 0.7
                        - 0.25 * max(0, t - 0.8) / 0.2))
        tube("Arc", pts, 0.011, mm, root, resolution=16)
        end = pts[-1]
        lathe("Dome", [(0.0001, 0.16), (0.04, 0.155), (0.12, 0.1), (0.19, 0.0)], (end[0], end[1], end[2] - 0.16), mm,
              cap_bottom=False, subsurf=1, solidify=0.003, parent=root)
        sphere("Bulb", 0.04, (end[0], end[1], end[2] - 0.14), M.get({"kind": "bulb"}), root)
    elif style == "paper":  # japandi: a tall rice-paper lantern on a slim wooden stand
        wm = M.get(p.get("leg_mat", p["metal"]))
        box("Foot", (0.28, 0.28, 0.025), (0, 0, 0.0125), wm, 0.006, parent=root)
        cylinder("Pole", 0.012, 0.012, h * 0.35, (0, 0, 0.02), wm, segs=12, parent=root)
        r = p.get("shade_r", 0.2)
        prof = [(r * 0.6, h * 0.35), (r * 0.95, h * 0.42), (r, h * 0.6), (r * 0.97, h * 0.8), (r * 0.6, h * 0.98), (r * 0.3, h)]
        lathe("Lantern", prof, (0, 0, 0), shade, cap_bottom=False, subsurf=1, solidify=0.003, parent=root)
        for k in range(1, 11):
            z = h * 0.35 + (h * 0.65) * k / 11
            # radius of the lantern at z, interpolated along its profile
            for (r0, z0), (r1, z1) in zip(prof, prof[1:]):
                if z0 <= z <= z1:
                    rr = r0 + (r1 - r0) * (z - z0) / (z1 - z0)
                    break
            tube("Rib", [(rr * 1.01 * math.cos(a), rr * 1.01 * math.sin(a), z) for a in [2 * math.pi * i / 32 for i in range(33)]],
                 0.0015, wm, root, resolution=3)
        sphere("Bulb", 0.04, (0, 0, h * 0.65), M.get({"kind": "bulb", "strength": 2.0}), root)
    elif style == "globe":  # glam/deco: brass pole with opal glass globes
        lathe("Base", [(0.0001, 0), (0.14, 0), (0.14, 0.02), (0.05, 0.04), (0.0001, 0.04)], (0, 0, 0), mm, subsurf=0, parent=root)
        cylinder("Pole", 0.012, 0.012, h - 0.2, (0, 0, 0.03), mm, segs=16, parent=root)
        opal = M.get({"kind": "shade", "color": (0.9, 0.88, 0.84), "glow": 1.6})
        sphere("Globe", 0.13, (0, 0, h - 0.1), opal, root)
        lathe("Collar", [(0.03, 0), (0.04, 0.03), (0.0001, 0.03)], (0, 0, h - 0.25), mm, subsurf=0, parent=root)
    elif style == "task":  # industrial: a steel tripod with an angled cone shade
        lm = M.get(p.get("leg_mat", p["metal"]))
        for k in range(3):
            a = 2 * math.pi * k / 3 + R(30)
            rod("TripodLeg", (0.32 * math.cos(a), 0.32 * math.sin(a), 0), (0, 0, h * 0.7), 0.012, lm, root)
        rod("Neck", (0, 0, h * 0.7), (0, -0.1, h), 0.012, mm, root)
        shd = lathe("Cone", [(0.0001, 0.22), (0.04, 0.21), (0.06, 0.15), (0.16, 0.0)], (0, -0.12, h - 0.12), mm,
                    cap_bottom=False, subsurf=1, solidify=0.003, parent=root)
        shd.rotation_euler = (R(35), 0, 0)
        sphere("Bulb", 0.035, (0, -0.16, h - 0.1), M.get({"kind": "bulb"}), root)
    else:
        raise ValueError(style)


def gen_plant(p, M, root):
    kind = p.get("kind", "fig")
    rnd = random.Random(p.get("seed", 11))
    pot = M.get(p["pot_mat"])
    pot_h = p.get("pot_h", 0.42)
    pr = p.get("pot_r", 0.2)
    shape = p.get("pot_shape", "tapered")
    if shape == "tapered":
        prof = [(0.0001, 0.0), (pr * 0.75, 0.0), (pr * 0.82, 0.02), (pr * 0.95, pot_h * 0.5), (pr * 1.02, pot_h - 0.01), (pr, pot_h),
                (pr * 0.92, pot_h - 0.005), (pr * 0.9, pot_h - 0.04)]
    elif shape == "bowl":
        prof = [(0.0001, 0.0), (pr * 0.5, 0.0), (pr * 0.85, pot_h * 0.3), (pr * 1.02, pot_h * 0.75), (pr, pot_h),
                (pr * 0.92, pot_h - 0.005), (pr * 0.9, pot_h - 0.04)]
    elif shape == "basket":
        prof = [(0.0001, 0.0), (pr * 0.9, 0.0), (pr, 0.03), (pr * 1.03, pot_h), (pr * 0.97, pot_h), (pr * 0.95, pot_h - 0.04)]
    else:  # cylinder
        prof = [(0.0001, 0.0), (pr, 0.0), (pr, pot_h), (pr * 0.93, pot_h), (pr * 0.93, pot_h - 0.04)]
    lathe("Pot", prof, (0, 0, 0), pot, parent=root)
    if p.get("stand"):  # a wooden plant stand under the pot
        legs(root, M, "tapered", [(sx * pr * 0.6, sy * pr * 0.6) for sx in (-1, 1) for sy in (-1, 1)], 0.001, p["stand"])
    soil_m = M.get({"kind": "fabric", "color": (0.05, 0.04, 0.03), "rough": 1.0, "sheen": 0.0, "weave": 900.0, "var": 0.3})
    soil_r = prof[-1][0]
    cylinder("Soil", soil_r, soil_r, 0.01, (0, 0, pot_h - 0.05), soil_m, segs=32, parent=root)
    base_z = pot_h - 0.05
    leaf_m = M.get(p.get("leaf_mat", {"kind": "leaf"}))
    stem_m = M.get({"kind": "plain", "color": (0.12, 0.09, 0.05), "rough": 0.6})
    if kind == "fig":
        leaf = leaf_mesh("FigLeaf", 0.26, 0.17)
        leaf.materials.append(leaf_m)
        h = p.get("height", 1.7)
        stems = [((0.02, 0.0), h, (0.05, -0.04)), ((-0.04, 0.03), h * 0.82, (-0.2, 0.12)), ((0.03, -0.04), h * 0.7, (0.18, -0.12))]
        for si, ((sx, sy), top, (dx, dy)) in enumerate(stems):
            base = Vector((sx, sy, base_z))
            tip = Vector((sx + dx, sy + dy, top))
            d = tip - base
            rod("Stem", base, tip, 0.011, stem_m, root, segs=8, taper=0.6)
            n_leaves = int(8 + d.length * 10)
            for k in range(n_leaves):
                t = 0.35 + 0.65 * (k / (n_leaves - 1)) ** 0.8
                o = link(bpy.data.objects.new("Leaf", leaf))
                s = rnd.uniform(0.85, 1.2) * (0.9 + 0.35 * t)
                o.scale = (s, s, s)
                o.rotation_euler = (rnd.uniform(-0.3, 0.3), -rnd.uniform(0.15, 0.6) + (0.5 if t > 0.92 else 0.0), k * 2.4 + rnd.uniform(-0.3, 0.3))
                o.location = base + d * t
                o.parent = root
    elif kind == "snake":  # upright sword leaves from the soil
        h = p.get("height", 0.8)
        for k in range(p.get("leaves", 16)):
            L = h * rnd.uniform(0.55, 1.0)
            leaf = leaf_mesh("Sword%d" % k, L, rnd.uniform(0.05, 0.075), nu=12, nv=4, shape="sword")
            leaf.materials.append(leaf_m)
            o = link(bpy.data.objects.new("Sword", leaf))
            a = rnd.uniform(0, 2 * math.pi)
            rr = rnd.uniform(0, soil_r * 0.6)
            o.location = (rr * math.cos(a), rr * math.sin(a), base_z)
            o.rotation_euler = (rnd.uniform(-0.15, 0.15), R(-90) + rnd.uniform(-0.18, 0.18), rnd.uniform(0, 2 * math.pi))
            o.parent = root
    elif kind == "palm":  # kentia-style: arching fronds of many leaflets
        h = p.get("height", 1.6)
        leaflet = leaf_mesh("Leaflet", 0.3, 0.035, nu=6, nv=2, shape="frond")
        leaflet.materials.append(leaf_m)
        for f in range(p.get("fronds", 9)):
            # each frond rises steeply from the pot on a bare petiole, then arches outward and down at the tip
            yaw = f * 2.4 + rnd.uniform(-0.2, 0.2)
            elev = rnd.uniform(1.05, 1.4)
            L = (h - base_z) * rnd.uniform(0.8, 1.05)
            pts = []
            for i in range(8):
                t = i / 7
                r_ = L * (0.12 * t + 0.55 * t * t) * (1.6 - elev)
                z = base_z + L * t * math.sin(elev) - L * 0.32 * t ** 3
                pts.append(Vector((r_ * math.cos(yaw), r_ * math.sin(yaw), z)))
            tube("Rachis", [tuple(q) for q in pts], 0.005, stem_m, root, resolution=6)
            for i in range(9, 30):
                t = i / 30
                idx = t * 7
                a = pts[int(idx)]
                b = pts[min(7, int(idx) + 1)]
                pos = a.lerp(b, idx - int(idx))
                direction = (b - a).normalized()
                for side in (-1, 1):
                    o = link(bpy.data.objects.new("Leaflet", leaflet))
                    s = 0.6 + 0.7 * math.sin(math.pi * t)
                    o.scale = (s, s, s)
                    side_dir = direction.cross(Vector((0, 0, 1))).normalized() * side
                    fwd = (side_dir * 0.8 + direction * 0.6 + Vector((0, 0, -0.25))).normalized()
                    o.rotation_euler = fwd.to_track_quat("X", "Z").to_euler()
                    o.location = pos
                    o.parent = root
    elif kind == "olive":  # a slim trunk with a loose crown of narrow grey-green leaves
        h = p.get("height", 1.6)
        bark = M.get({"kind": "wood", "color": (0.2, 0.17, 0.13), "grain": 14.0, "along": "Z"})
        trunk_top = Vector((0.04, 0.0, h * 0.55))
        rod("Trunk", (0, 0, base_z), trunk_top, 0.025, bark, root, segs=10, taper=0.6)
        leaf = leaf_mesh("OliveLeaf", 0.075, 0.014, nu=5, nv=2, shape="lance")
        leaf.materials.append(leaf_m)
        for b in range(7):
            a = b * 2.3
            end = trunk_top + Vector((0.28 * math.cos(a), 0.28 * math.sin(a), rnd.uniform(0.2, h - trunk_top.z - 0.05)))
            rod("Branch", trunk_top, end, 0.009, bark, root, segs=8, taper=0.4)
            for k in range(70):
                c = trunk_top.lerp(end, rnd.uniform(0.3, 1.0)) + Vector((rnd.gauss(0, 0.09), rnd.gauss(0, 0.09), rnd.gauss(0, 0.08)))
                o = link(bpy.data.objects.new("Leaf", leaf))
                o.location = c
                o.rotation_euler = (rnd.uniform(-1, 1), rnd.uniform(-0.3, 1.2), rnd.uniform(0, 6.28))
                o.parent = root
    elif kind == "monstera":  # big split leaves on long petioles
        h = p.get("height", 1.1)
        leaf = leaf_mesh("MonLeaf", 0.34, 0.3, nu=10, nv=8, shape="fig")
        leaf.materials.append(leaf_m)
        for k in range(11):
            yaw = k * 2.4
            elev = rnd.uniform(0.6, 1.3)
            L = (h - base_z) * rnd.uniform(0.6, 1.0)
            tip = Vector((L * math.cos(elev) * math.cos(yaw), L * math.cos(elev) * math.sin(yaw), base_z + L * math.sin(elev)))
            rod("Petiole", (0, 0, base_z), tip, 0.007, M.get({"kind": "plain", "color": (0.08, 0.16, 0.04), "rough": 0.5}), root,
                segs=8)
            o = link(bpy.data.objects.new("Leaf", leaf))
            o.location = tip
            o.rotation_euler = (rnd.uniform(-0.3, 0.3), rnd.uniform(0.1, 0.6), yaw)
            o.parent = root
    else:
        raise ValueError(kind)


def gen_rug(p, M, root):
    w, d = p.get("width", 2.4), p.get("depth", 1.7)
    spec = dict(p["rug_mat"])
    spec["half"] = (w / 2, d / 2)
    t = p.get("thickness", 0.012)
    if p.get("shape") == "round":
        lathe("Rug", [(0.0001, 0), (w / 2, 0), (w / 2, t), (0.0001, t)], (0, 0, 0), M.get(spec), segs=96, parent=root, subsurf=0)
    else:
        box("Rug", (w, d, t), (0, 0, t / 2), M.get(spec), bevel=min(0.006, t * 0.45), segments=2, parent=root)
    if spec.get("kind") == "jute" and p.get("shape") != "round":  # a cotton binding around natural-fibre rugs
        bm = M.get({"kind": "fabric", "color": tuple(p.get("binding", (0.06, 0.05, 0.04))), "rough": 0.9, "weave": 600.0})
        bw = 0.05
        for (bx, by, bdx, bdy) in ((0, -(d / 2 - bw / 2), w, bw), (0, d / 2 - bw / 2, w, bw),
                                   (-(w / 2 - bw / 2), 0, bw, d - 2 * bw), (w / 2 - bw / 2, 0, bw, d - 2 * bw)):
            box("Binding", (bdx, bdy, t + 0.003), (bx, by, (t + 0.003) / 2), bm, 0.002, parent=root)
    if p.get("fringe"):
        fm = M.get({"kind": "fabric", "color": tuple(spec.get("colors", [(0.8, 0.76, 0.68)])[0]), "rough": 0.95})
        for sy in (-1, 1):
            n = int(w / 0.02)
            for i in range(n):
                x = -w / 2 + 0.01 + (w - 0.02) * i / (n - 1)
                box("Fringe", (0.006, 0.07, 0.003), (x, sy * (d / 2 + 0.035), 0.0015), fm, 0.0, parent=root,
                    rot=(0, 0, R(random.Random(i).uniform(-8, 8))))


GENERATORS = {
    "sofa": gen_sofa, "armchair": gen_armchair, "coffee_table": gen_coffee_table, "side_table": gen_side_table,
    "rug": gen_rug, "floor_lamp": gen_floor_lamp, "plant": gen_plant, "bed": gen_bed, "nightstand": gen_nightstand,
    "dining_table": gen_dining_table, "dining_chair": gen_dining_chair, "bookshelf": gen_bookshelf,
    "tv_stand": gen_tv_stand, "desk": gen_desk, "dresser": gen_dresser, "ottoman": gen_ottoman,
}


def build(kind, params, M):
    root = empty("Piece")
    GENERATORS[kind](params, M, root)
    return root
