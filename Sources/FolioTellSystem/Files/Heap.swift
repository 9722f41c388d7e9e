import CSystem

/// The C heap's free pages.
public enum Heap {
  /// Hands free pages back to the kernel: resident memory measured after it is what the process holds,
  /// not the highest a passing allocation took it (glibc keeps freed pages otherwise).
  public static func trim() { _ = folio_trim_heap() }

  /// Bytes of the C heap in use (all arenas, and blocks mapped on their own): what allocations hold,
  /// whatever the pages the heap keeps around them.
  public static var bytesInUse: Int { Int(folio_heap_in_use()) }
}
