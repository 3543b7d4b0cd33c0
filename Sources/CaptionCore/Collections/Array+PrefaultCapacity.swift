#if canImport(Glibc)
  import Glibc
#endif

extension Array {
  /// Asks the kernel to map, in one call, the pages of reserved capacity that elements
  /// `from..<from + count` will occupy (Linux `MADV_POPULATE_WRITE`); elsewhere, and on a
  /// kernel without it, this does nothing.
  ///
  /// A reader appends hundreds of thousands of cues to an array it reserved up front, and the
  /// first write to each fresh 4 KiB page of it was a page fault of its own: about a fifth of
  /// reading a large SRT file. Mapping the pages of the next thousand cues at once costs a
  /// third less than faulting them one by one. Only whole pages inside the allocation are
  /// asked for, and nothing in the array changes.
  @usableFromInline package func prefaultCapacity(from start: Int, count: Int) {
    #if os(Linux)
      let end = Swift.min(start + count, capacity)
      guard start < end, MemoryLayout<Element>.stride > 0 else { return }
      withUnsafeBufferPointer { buf in
        guard let base = buf.baseAddress else { return }
        let page = 4096
        let first = (Int(bitPattern: base) + start * MemoryLayout<Element>.stride + page - 1) / page * page
        let last = (Int(bitPattern: base) + end * MemoryLayout<Element>.stride) / page * page
        guard last > first, let p = UnsafeMutableRawPointer(bitPattern: first) else { return }
        // MADV_POPULATE_WRITE (Linux 5.14); an older kernel answers EINVAL, which is ignored.
        _ = madvise(p, last - first, 23)
      }
    #endif
  }
}
