"""Mesh building blocks: bevelled boxes, soft upholstery, lathes, tubes along paths, leaves.

Units are metres. Every object is parented to a root empty so a piece can be moved as one.
"""

import math

import bmesh
import bpy
from mathutils import Vector




def smooth_mesh(mesh, angle=35.0):
    for p in mesh.polygons:
        p.use_smooth = True
    mesh.use_auto_smooth = True
    mesh.auto_smooth_angle = math.radians(angle)


def add_bevel(obj, width, segments=3, harden=True):
    if width <= 0:
        return None
    m = obj.modifiers.new("Bevel", "BEVEL")
    m.width = width
    m.segments = segments
    m.limit_method = "ANGLE"
    m.angle_limit = math.radians(40)
    m.harden_normals = harden
    m.miter_outer = "MITER_ARC"
    return m


def add_subsurf(obj, levels=1):
    m = obj.modifiers.new("Subsurf", "SUBSURF")
    m.levels = levels
    m.render_levels = levels
    return m


# While True, new objects are styling props (books, vases, lamps on tables): framed by the camera but not
# counted in the piece's real size.
DECOR = {"on": False}


class decor_objects:
    def __enter__(self):
        DECOR["on"] = True

    def __exit__(self, *exc):
        DECOR["on"] = False


def link(obj):
    bpy.context.scene.collection.objects.link(obj)
    if DECOR["on"]:
        obj["decor"] = True
    return obj


def _finish(obj, mat, parent, loc, rot):
    obj.location = loc
    obj.rotation_euler = rot
    if mat is not None:
        obj.data.materials.append(mat)
    if parent is not None:
        obj.parent = parent
    return obj


def box(name, dims, loc, mat, bevel=0.004, segments=3, rot=(0, 0, 0), parent=None):
    """Box of size dims centred at loc, with a bevel."""
    mesh = bpy.data.meshes.new(name)
    bm = bmesh.new()
    bmesh.ops.create_cube(bm, size=1.0)
    for v in bm.verts:
        v.co.x *= dims[0]
        v.co.y *= dims[1]
        v.co.z *= dims[2]
    bm.to_mesh(mesh)
    bm.free()
    smooth_mesh(mesh)
    obj = link(bpy.data.objects.new(name, mesh))
    add_bevel(obj, min(bevel, min(dims) * 0.49), segments)
    return _finish(obj, mat, parent, loc, rot)


def box_minmax(name, x0, x1, y0, y1, z0, z1, mat, bevel=0.004, segments=3, parent=None):
    return box(name, (x1 - x0, y1 - y0, z1 - z0), ((x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2), mat,
               bevel=bevel, segments=segments, parent=parent)


def soft_box(name, dims, loc, mat, radius=0.04, parent=None, rot=(0, 0, 0), crown=0.0):
    """Upholstered block: a subdivided box with a rounded bevel plus subsurf; `crown` puffs the top and front."""
    mesh = bpy.data.meshes.new(name)
    bm = bmesh.new()
    bmesh.ops.create_cube(bm, size=1.0)
    if crown > 0:
        bmesh.ops.subdivide_edges(bm, edges=bm.edges[:], cuts=6, use_grid_fill=True)
    for v in bm.verts:
        x, y, z = v.co.x * 2, v.co.y * 2, v.co.z * 2
        puff = crown * (1 - x * x) * (1 - y * y if z > 0 else 1 - z * z)
        v.co.x = x * dims[0] / 2
        v.co.y = y * dims[1] / 2 - (puff * dims[1] * 0.3 if y < -0.99 else 0)
        v.co.z = z * dims[2] / 2 + (puff * dims[2] * 0.5 if z > 0.99 else 0)
    bm.to_mesh(mesh)
    bm.free()
    smooth_mesh(mesh, 60)
    obj = link(bpy.data.objects.new(name, mesh))
    m = add_bevel(obj, min(radius, min(dims) * 0.45), 4, harden=False)
    if m is not None:
        m.limit_method = "NONE"
    add_subsurf(obj, 1)
    return _finish(obj, mat, parent, loc, rot)


def cylinder(name, r_bottom, r_top, depth, loc, mat, segs=32, rot=(0, 0, 0), bevel=0.0, parent=None):
    """Cylinder or cone whose base sits at loc."""
    mesh = bpy.data.meshes.new(name)
    bm = bmesh.new()
    bmesh.ops.create_cone(bm, cap_ends=True, cap_tris=False, segments=segs, radius1=r_bottom, radius2=r_top, depth=depth)
    for v in bm.verts:
        v.co.z += depth / 2
    bm.to_mesh(mesh)
    bm.free()
    smooth_mesh(mesh, 50)
    obj = link(bpy.data.objects.new(name, mesh))
    add_bevel(obj, bevel, 2)
    return _finish(obj, mat, parent, loc, rot)


def lathe(name, profile, loc, mat, segs=48, cap_bottom=True, subsurf=1, solidify=0.0, parent=None, scale=(1, 1, 1)):
    """Surface of revolution around Z from (radius, z) points, walked bottom to top."""
    mesh = bpy.data.meshes.new(name)
    bm = bmesh.new()
    rings = []
    for (r, z) in profile:
        ring = []
        for i in range(segs):
            a = 2 * math.pi * i / segs
            ring.append(bm.verts.new((r * math.cos(a) * scale[0], r * math.sin(a) * scale[1], z * scale[2])))
        rings.append(ring)
    for k in range(len(rings) - 1):
        a, b = rings[k], rings[k + 1]
        for i in range(segs):
            j = (i + 1) % segs
            bm.faces.new((a[i], a[j], b[j], b[i]))
    if cap_bottom and profile[0][0] > 1e-4:
        bm.faces.new(list(reversed(rings[0])))
    bmesh.ops.recalc_face_normals(bm, faces=bm.faces[:])
    bm.to_mesh(mesh)
    bm.free()
    smooth_mesh(mesh, 60)
    obj = link(bpy.data.objects.new(name, mesh))
    if solidify > 0:
        s = obj.modifiers.new("Solidify", "SOLIDIFY")
        s.thickness = solidify
        s.offset = 0
    if subsurf:
        add_subsurf(obj, subsurf)
    return _finish(obj, mat, parent, loc, (0, 0, 0))


def tube(name, points, radius, mat, parent=None, resolution=12, closed=False):
    """Round tube along a smooth path (metal frames, hairpin legs, arcs, rattan loops)."""
    cu = bpy.data.curves.new(name, "CURVE")
    cu.dimensions = "3D"
    cu.bevel_depth = radius
    cu.bevel_resolution = 4
    cu.resolution_u = resolution
    cu.use_fill_caps = True
    sp = cu.splines.new("POLY" if resolution <= 1 else "NURBS")
    sp.points.add(len(points) - 1)
    for i, p in enumerate(points):
        sp.points[i].co = (p[0], p[1], p[2], 1.0)
    if sp.type == "NURBS":
        sp.use_endpoint_u = True
        sp.order_u = min(3, len(points))
    sp.use_cyclic_u = closed
    obj = link(bpy.data.objects.new(name, cu))
    return _finish(obj, mat, parent, (0, 0, 0), (0, 0, 0))


def rod(name, a, b, radius, mat, parent=None, segs=16, taper=1.0):
    """Straight cylinder from point a to point b (optionally tapering to radius*taper at b)."""
    a, b = Vector(a), Vector(b)
    d = b - a
    o = cylinder(name, radius, radius * taper, d.length, a, mat, segs=segs, parent=parent)
    o.rotation_euler = d.to_track_quat("Z", "Y").to_euler()
    return o


def empty(name, loc=(0, 0, 0), rot_z=0.0, parent=None):
    e = link(bpy.data.objects.new(name, None))
    e.location = loc
    e.rotation_euler = (0, 0, rot_z)
    if parent is not None:
        e.parent = parent
    return e


def sphere_mesh(name, r, u=32, v=16):
    """A smooth UV sphere mesh (no object)."""
    mesh = bpy.data.meshes.new(name)
    bm = bmesh.new()
    bmesh.ops.create_uvsphere(bm, u_segments=u, v_segments=v, radius=r)
    bm.to_mesh(mesh)
    bm.free()
    for p in mesh.polygons:
        p.use_smooth = True
    return mesh


def sphere(name, r, loc, mat, parent=None, scale=(1, 1, 1), u=32, v=16):
    obj = link(bpy.data.objects.new(name, sphere_mesh(name, r, u, v)))
    obj.scale = scale
    return _finish(obj, mat, parent, loc, (0, 0, 0))


def pillow_mesh(name, w, h, t, cuts=10):
    """Throw pillow: a subdivided slab whose thickness tapers to the seams."""
    mesh = bpy.data.meshes.new(name)
    bm = bmesh.new()
    bmesh.ops.create_cube(bm, size=1.0)
    bmesh.ops.subdivide_edges(bm, edges=bm.edges[:], cuts=cuts, use_grid_fill=True)
    for v in bm.verts:
        x, y, z = v.co.x * 2, v.co.y * 2, v.co.z * 2
        puff = (1 - abs(x) ** 2.5) * (1 - abs(z) ** 2.5)
        v.co.x = x * w / 2 * (1 - 0.06 * (1 - abs(z)))
        v.co.z = z * h / 2 * (1 - 0.06 * (1 - abs(x)))
        v.co.y = y * t / 2 * (0.12 + 0.88 * max(puff, 0) ** 0.6)
    bm.to_mesh(mesh)
    bm.free()
    for p in mesh.polygons:
        p.use_smooth = True
    return mesh


def pillow(name, w, h, t, loc, rot, mat, parent):
    o = link(bpy.data.objects.new(name, pillow_mesh(name, w, h, t)))
    o.location = loc
    o.rotation_euler = rot
    o.data.materials.append(mat)
    add_subsurf(o, 1)
    o.parent = parent
    return o


def grid_mesh(name, nu, nv, point):
    """A smooth quad surface of (nu + 1) x (nv + 1) vertices: point(i, j) places row i, column j."""
    mesh = bpy.data.meshes.new(name)
    bm = bmesh.new()
    grid = [[bm.verts.new(point(i, j)) for j in range(nv + 1)] for i in range(nu + 1)]
    for i in range(nu):
        for j in range(nv):
            bm.faces.new((grid[i][j], grid[i + 1][j], grid[i + 1][j + 1], grid[i][j + 1]))
    bm.to_mesh(mesh)
    bm.free()
    for p in mesh.polygons:
        p.use_smooth = True
    return mesh


def leaf_mesh(name, length=0.26, width=0.17, nu=10, nv=6, shape="fig"):
    """A leaf along +X from its petiole: folded on the midrib and curled down.
    shape: fig (wide near the tip), lance (narrow, long), sword (upright strap), frond (palm leaflet)."""
    droop = 0.0 if shape == "sword" else (0.22 if shape == "frond" else 0.06)

    def point(i, j):
        u = i / nu
        if shape == "fig":
            w = math.sin(math.pi * min(u ** 0.75, 1.0)) * (0.55 + 0.45 * u) * width / 2
        elif shape == "sword":
            w = (1 - u ** 3) * width / 2 * (0.6 + 0.4 * math.sin(math.pi * min(u * 1.4, 1.0)))
        else:
            w = math.sin(math.pi * u) ** 0.8 * width / 2
        v = -1 + 2 * j / nv
        z = 0.025 * abs(v) * (w / (width / 2 + 1e-6)) - droop * u * u * length / 0.26
        return (u * length, v * w, z)

    return grid_mesh(name, nu, nv, point)
