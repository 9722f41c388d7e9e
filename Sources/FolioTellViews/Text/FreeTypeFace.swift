import CFreeType
import Synchronization

/// Glyphs from real font files through FreeType, rendered with anti-aliasing and then thresholded at half
/// coverage, which keeps strokes crisp and even at every size on a 1-bit display. Characters the first
/// font lacks come from the next (fallback) font; a character no font has is drawn as an empty box.
public final class FreeTypeFace: Typeface {
  struct Key: Hashable {
    var scalar: UInt32
    var size: Int
  }

  struct State: @unchecked Sendable {
    var library: FT_Library?
    var faces: [FT_Face] = []
    var cache: [Key: Glyph] = [:]
  }

  public let paths: [String]
  private let state: Mutex<State>

  /// The fonts the box uses unless the config names others: DejaVu Sans Bold (Latin, Greek, Cyrillic,
  /// bold strokes that stay legible on a small OLED), then DejaVu Sans.
  public static let defaultPaths = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
  ]

  public struct FontError: Error, CustomStringConvertible, Equatable {
    public var description: String
  }

  public init(paths: [String] = FreeTypeFace.defaultPaths) throws(FontError) {
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else {
      throw FontError(description: "FreeType cannot start (out of memory?)")
    }
    var faces: [FT_Face] = []
    var problems: [String] = []
    for path in paths {
      var face: FT_Face?
      if FT_New_Face(library, path, 0, &face) == 0, let face {
        faces.append(face)
      } else {
        problems.append(path)
      }
    }
    guard !faces.isEmpty else {
      FT_Done_FreeType(library)
      throw FontError(
        description:
          "no font could be opened (\(problems.joined(separator: ", "))); install fonts-dejavu-core or set display.font to a .ttf or .otf file"
      )
    }
    self.paths = paths
    state = Mutex(State(library: library, faces: faces))
  }

  deinit {
    state.withLock { state in
      for face in state.faces { FT_Done_Face(face) }
      if let library = state.library { FT_Done_FreeType(library) }
    }
  }

  public func ascender(size: Int) -> Int { metrics(size: size).ascender }
  public func descender(size: Int) -> Int { metrics(size: size).descender }

  private func metrics(size: Int) -> (ascender: Int, descender: Int) {
    state.withLock { state in
      let face = state.faces[0]
      FT_Set_Pixel_Sizes(face, 0, FT_UInt(size))
      let metrics = face.pointee.size.pointee.metrics
      return (Int((metrics.ascender + 63) >> 6), Int((-metrics.descender + 63) >> 6))
    }
  }

  public func glyph(_ scalar: Unicode.Scalar, size: Int) -> Glyph {
    let key = Key(scalar: scalar.value, size: size)
    return state.withLock { state in
      if let cached = state.cache[key] { return cached }
      // Bounded: trying sizes for a long word caches each of its characters at each size.
      if state.cache.count >= 4096 { state.cache.removeAll(keepingCapacity: true) }
      let made = Self.render(scalar, size: size, faces: state.faces)
      state.cache[key] = made
      return made
    }
  }

  private static func render(_ scalar: Unicode.Scalar, size: Int, faces: [FT_Face]) -> Glyph {
    guard let face = faces.first(where: { FT_Get_Char_Index($0, FT_ULong(scalar.value)) != 0 }) else {
      return missing(size: size, faces: faces)
    }
    guard FT_Set_Pixel_Sizes(face, 0, FT_UInt(size)) == 0 else { return missing(size: size, faces: faces) }
    // Outlines only (a font's embedded bitmaps may be 1-bit with another row layout), rendered in grey.
    guard FT_Load_Char(face, FT_ULong(scalar.value), FT_Int32(FT_LOAD_RENDER | FT_LOAD_NO_BITMAP)) == 0 else {
      return missing(size: size, faces: faces)
    }
    let slot = face.pointee.glyph.pointee
    let bitmap = slot.bitmap
    let width = Int(bitmap.width)
    let height = Int(bitmap.rows)
    let pitch = Int(bitmap.pitch)
    var bits = [Bool](repeating: false, count: width * height)
    if let buffer = bitmap.buffer {
      let isMono = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
      for row in 0..<height {
        // A negative pitch means the rows are stored bottom-up.
        let line = pitch >= 0 ? buffer + row * pitch : buffer + (height - 1 - row) * -pitch
        for column in 0..<width {
          let lit = isMono ? line[column / 8] & (0x80 >> UInt8(column % 8)) != 0 : line[column] >= 128
          if lit { bits[row * width + column] = true }
        }
      }
    }
    return Glyph(
      width: width, height: height, left: Int(slot.bitmap_left), top: Int(slot.bitmap_top),
      advance: Int((slot.advance.x + 32) >> 6), bits: bits)
  }

  /// An empty box the size of a capital: the reader sees something is there.
  private static func missing(size: Int, faces: [FT_Face]) -> Glyph {
    let width = max(3, size / 2)
    let height = max(4, size * 7 / 10)
    var bits = [Bool](repeating: false, count: width * height)
    for row in 0..<height {
      for column in 0..<width where row == 0 || row == height - 1 || column == 0 || column == width - 1 {
        bits[row * width + column] = true
      }
    }
    return Glyph(width: width, height: height, left: 1, top: height, advance: width + 2, bits: bits)
  }
}
