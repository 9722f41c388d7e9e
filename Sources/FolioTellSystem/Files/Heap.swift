import CSystem

/// The C heap's free pages.
public enum Heap {
  /// Hands free pages back to the kernel: resident memory measured after it is what the process holds,
  /// not the highest a passing allocation took it (glibc keeps freed pages otherwise).
  public static func trim() { _ = folio_trim_heap() }

  /// One heap for every thread, set before any thread starts. glibc gives a thread that finds the heap
  /// busy an arena of its own, and the process keeps it to its end: the soak's night saw its own memory
  /// step up by 1.7 MB once, in its sixth hour, and with one arena it stays flat all night. The box's few
  /// threads rarely allocate at the same moment, so sharing one arena costs them nothing measurable.
  public static func useOneArena() { _ = folio_use_one_heap_arena() }

  /// Bytes of the C heap in use (all arenas, and blocks mapped on their own): what allocations hold,
  /// whatever the pages the heap keeps around them.
  public static var bytesInUse: Int { Int(folio_heap_in_use()) }
}
